import kafkajs, { type Admin, Kafka, type KafkaConfig, logLevel, Partitioners, type Producer } from 'kafkajs';
import type { LedgerEvent } from '@tollgate/wire';
import { partitionKey } from '../../events/partition-key.js';
import type { BatchHandler, EventLog, EventLogReader, StoredEvent, SubscribeOptions, Subscription } from '../../ports/event-log.js';
import { readWholeTopic } from './kafka-log-reader.js';
import { KafkaSubscription, type KafkaSubscriptionTiming } from './kafka-subscription.js';
import { createOrCheckTopic } from './kafka-topic.js';
import type { TopicSettings } from './topic-settings.js';

/**
 * The topic's settings (topic-settings.ts) are each optional here: one left out is the broker's
 * default when the log creates the topic, and is not checked on a topic it finds. `compression`
 * also compresses what this log appends.
 */
export interface KafkaEventLogOptions extends Partial<KafkaSubscriptionTiming>, Partial<TopicSettings> {
  /** Bootstrap brokers, `host:port` (KAFKA_BROKERS split on commas). */
  brokers: string[];
  /** The ledger topic; created on first use when missing. */
  topic: string;
  clientId?: string;
  /** Told once when the topic exists with other settings than these; a process warning by default. */
  onTopicWarning?: (message: string) => void;
  /** kafkajs' own log level; ERROR by default (consumer-group chatter is INFO and WARN). */
  logLevel?: logLevel;
  /** About the most events a whole-topic read (the history's backfill) fetches ahead of its reader (kafka-log-reader.ts). */
  readBufferEvents?: number;
}

const DEFAULT_MAX_BATCH = 500;
// kafkajs is CommonJS, and Node's ESM loader finds no named export from `CompressionTypes` on.
const { CompressionTypes } = kafkajs;

function warn(error: unknown): void {
  process.emitWarning(error instanceof Error ? error : String(error), 'KafkaEventLogDeliveryFailed');
}

function warnTopic(message: string): void {
  process.emitWarning(message, 'KafkaTopicSettings');
}

/**
 * The cluster event log: one Kafka topic keyed by user id (`partitionKey`), so each user's events
 * keep their order within one partition. Appends go through an idempotent producer (acks=all);
 * every subscription is a consumer group that commits only after its handler resolved.
 */
export class KafkaEventLog implements EventLog, EventLogReader {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private topicReady: Promise<void> | undefined;
  private producerReady: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: KafkaEventLogOptions) {
    const config: KafkaConfig = {
      clientId: options.clientId ?? 'tollgate-ledger',
      brokers: options.brokers,
      logLevel: options.logLevel ?? logLevel.ERROR,
      // A broker restart or a rolling upgrade takes tens of seconds; a worker or gateway that
      // starts or publishes meanwhile keeps trying (up to ~2 minutes) instead of failing.
      retry: { initialRetryTime: 300, maxRetryTime: 5_000, retries: 30 },
    };
    this.kafka = new Kafka(config);
    // Idempotent: a retried append is written once. kafkajs 2.2.4 sends an idempotent producer's
    // requests to a broker one at a time whatever maxInFlightRequests says (eosManager's broker
    // lock, held until the response), since it cannot renumber later batches when one fails (the
    // Java client's KAFKA-5494; tulios/kafkajs#980 declined 5 in flight as unsafe). More than one in
    // flight needs another client; a gateway's spool sends up to 500 calls in each request instead.
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner, // murmur2, as the Java client keys
    });
    this.admin = this.kafka.admin();
  }

  get topic(): string {
    return this.options.topic;
  }

  async append(events: LedgerEvent[]): Promise<void> {
    if (events.length === 0) return;
    this.assertOpen();
    await this.ensureTopic();
    await this.connectProducer();
    await this.producer.send({
      topic: this.options.topic,
      acks: -1,
      compression: this.options.compression === 'gzip' ? CompressionTypes.GZIP : CompressionTypes.None,
      messages: events.map((event) => ({ key: partitionKey(event), value: JSON.stringify(event) })),
    });
  }

  async subscribe(group: string, handler: BatchHandler, options: SubscribeOptions = {}): Promise<Subscription> {
    this.assertOpen();
    await this.ensureTopic();
    const subscription = new KafkaSubscription({
      kafka: this.kafka,
      topic: this.options.topic,
      group,
      handler,
      maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
      onError: options.onError ?? warn,
      retryBackoffMs: this.options.retryBackoffMs ?? 100,
      maxWaitTimeMs: this.options.maxWaitTimeMs ?? 500,
      lingerMs: options.lingerMs ?? this.options.lingerMs ?? 0,
      batchesInFlight: options.batchesInFlight ?? 1,
      partitionsAtOnce: options.partitionsAtOnce ?? 1,
      ...(options.lingerMs === undefined ? {} : { batchEvents: options.maxBatch ?? DEFAULT_MAX_BATCH }),
    });
    this.subscriptions.add(subscription);
    try {
      await subscription.start();
    } catch (error) {
      this.subscriptions.delete(subscription);
      await subscription.stop().catch(() => {});
      throw error;
    }
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** The whole topic from its start, up to where it ended when the read began, streamed. */
  async *readAll(): AsyncIterable<StoredEvent> {
    this.assertOpen();
    await this.ensureTopic();
    yield* readWholeTopic(this.kafka, this.options.topic, { bufferEvents: this.options.readBufferEvents });
  }

  /**
   * How many events of the topic `group` has not committed yet, summed over the partitions: zero
   * once its workers have handled everything appended so far (they commit only after applying).
   */
  async lag(group: string): Promise<number> {
    this.assertOpen();
    await this.ensureTopic();
    const ends = await this.admin.fetchTopicOffsets(this.options.topic);
    const [committed] = await this.admin.fetchOffsets({ groupId: group, topics: [this.options.topic] });
    const committedAt = new Map((committed?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    return ends.reduce((sum, end) => {
      const from = committedAt.get(end.partition) ?? -1;
      return sum + Number(end.high) - (from < 0 ? Number(end.low) : from);
    }, 0);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`KafkaEventLog(${this.options.topic}) is closed`);
  }

  /**
   * Creates the topic, or checks the one found (kafka-topic.ts), once per log; every other call
   * waits for it. A failure (a refusal too) is tried again on the next call.
   */
  ensureTopic(): Promise<void> {
    this.topicReady ??= (async () => {
      await this.admin.connect();
      await createOrCheckTopic(this.admin, this.options.topic, this.options, this.options.onTopicWarning ?? warnTopic);
    })().catch((error: unknown) => {
      this.topicReady = undefined;
      throw error;
    });
    return this.topicReady;
  }

  private connectProducer(): Promise<void> {
    this.producerReady ??= this.producer.connect().catch((error: unknown) => {
      this.producerReady = undefined;
      throw error;
    });
    return this.producerReady;
  }
}

export function createKafkaEventLog(options: KafkaEventLogOptions): KafkaEventLog {
  return new KafkaEventLog(options);
}

/** `KAFKA_BROKERS` ("host:port,host:port") as a broker list. */
export function parseBrokers(value: string): string[] {
  return value
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker.length > 0);
}
