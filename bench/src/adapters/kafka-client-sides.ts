import { performance } from 'node:perf_hooks';
import { Consumer, Producer } from '@platformatic/kafka';
import kafkajs, { type Admin, Kafka, logLevel, Partitioners } from 'kafkajs';

/** One record as both clients take it: the bytes are built before any clock starts. */
export interface KeyedMessage {
  key: Buffer;
  value: Buffer;
}

/**
 * One Kafka client under the same load: produce with the product's producer settings (idempotent,
 * acks=all, gzip, 500 records a send, one send at a time as a gateway's spool sends), then consume
 * the whole topic in a new consumer group.
 */
export interface KafkaClientSide {
  name: string;
  produce(topic: string, messages: readonly KeyedMessage[]): Promise<void>;
  /** Milliseconds from the group join to the `count`-th record: the join is a start-up cost, not a speed. */
  consume(topic: string, group: string, count: number): Promise<number>;
  close(): Promise<void>;
}

export const SEND_SIZE = 500;
/** The same fetch on both sides: kafkajs' defaults, which the ledger's consumers keep for a backlog. */
const FETCH = { maxWaitTime: 500, maxBytesPerPartition: 1024 * 1024, maxBytes: 10 * 1024 * 1024 };
const CONSUME_DEADLINE_MS = 120_000;
const GROUP = { sessionTimeout: 10_000, rebalanceTimeout: 30_000, heartbeatInterval: 1_000 };

const { CompressionTypes } = kafkajs; // CommonJS: no named export from ESM

/**
 * @platformatic/kafka 2.x asks for Node 22 (its `engines`); on this Node 20 the one missing piece
 * it calls is Promise.withResolvers (ES2024), given here for the bench only.
 */
function provideWithResolvers(): void {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: unknown;
    let reject: unknown;
    const made = new Promise((yes, no) => ((resolve = yes), (reject = no)));
    return { promise: made, resolve, reject };
  };
}

/** Resolves once `count` records arrived, with the time from the join to then. */
class ArrivalClock {
  private joinedAt = 0;
  private seen = 0;
  private done: (ms: number) => void = () => {};
  readonly finished = new Promise<number>((resolve) => (this.done = resolve));

  constructor(private readonly count: number) {}

  /** Fails the wait after `ms`: a client that stalls ends the bench instead of holding it. */
  within(ms: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${this.seen} of ${this.count} records after ${ms} ms`)), ms)));
    return Promise.race([this.finished, late]).finally(() => clearTimeout(timer));
  }

  joined(): void {
    this.joinedAt ||= performance.now();
  }

  arrived(records: number): void {
    this.seen += records;
    if (this.seen >= this.count) this.done(performance.now() - this.joinedAt);
  }
}

export function kafkajsSide(brokers: string[]): KafkaClientSide {
  const kafka = new Kafka({ clientId: 'bench-kafkajs', brokers, logLevel: logLevel.ERROR });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
  let connected: Promise<void> | undefined;
  return {
    name: 'kafkajs 2.2.4',
    async produce(topic, messages) {
      await (connected ??= producer.connect());
      for (let start = 0; start < messages.length; start += SEND_SIZE) {
        await producer.send({ topic, acks: -1, compression: CompressionTypes.GZIP, messages: messages.slice(start, start + SEND_SIZE) });
      }
    },
    async consume(topic, group, count) {
      const consumer = kafka.consumer({ groupId: group, ...GROUP, maxWaitTimeInMs: FETCH.maxWaitTime, maxBytesPerPartition: FETCH.maxBytesPerPartition, maxBytes: FETCH.maxBytes });
      const clock = new ArrivalClock(count);
      consumer.on(consumer.events.GROUP_JOIN, () => clock.joined());
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: [topic], fromBeginning: true });
        await consumer.run({ autoCommit: false, eachBatch: async ({ batch }) => clock.arrived(batch.messages.length) });
        return await clock.within(CONSUME_DEADLINE_MS);
      } finally {
        await consumer.disconnect();
      }
    },
    close: () => producer.disconnect(),
  };
}

export function platformaticSide(brokers: string[]): KafkaClientSide {
  provideWithResolvers();
  const producer = new Producer({ clientId: 'bench-platformatic', bootstrapBrokers: brokers, idempotent: true, acks: -1, compression: 'gzip', autocreateTopics: false });
  return {
    name: '@platformatic/kafka 2.12.1',
    async produce(topic, messages) {
      for (let start = 0; start < messages.length; start += SEND_SIZE) {
        await producer.send({ messages: messages.slice(start, start + SEND_SIZE).map((m) => ({ topic, key: m.key, value: m.value })) });
      }
    },
    async consume(topic, group, count) {
      const consumer = new Consumer({ clientId: 'bench-platformatic', bootstrapBrokers: brokers, groupId: group, ...GROUP });
      const clock = new ArrivalClock(count);
      consumer.on('consumer:group:join', () => clock.joined());
      try {
        const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: false, ...GROUP, ...FETCH });
        stream.on('data', () => clock.arrived(1));
        const ms = await clock.within(CONSUME_DEADLINE_MS);
        await stream.close();
        return ms;
      } finally {
        await consumer.close(true);
      }
    },
    close: () => producer.close(),
  };
}

/** The bench's topics, made and removed with kafkajs' admin (not timed). */
export class BenchTopics {
  private readonly admin: Admin;
  private readonly made: string[] = [];

  constructor(brokers: string[]) {
    this.admin = new Kafka({ clientId: 'bench-kafka-admin', brokers, logLevel: logLevel.ERROR }).admin();
  }

  async create(topic: string, partitions: number): Promise<void> {
    if (this.made.length === 0) await this.admin.connect();
    this.made.push(topic);
    await this.admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
  }

  async removeAll(): Promise<void> {
    if (this.made.length === 0) return;
    await this.admin.deleteTopics({ topics: this.made }).catch(() => {});
    await this.admin.disconnect();
  }
}
