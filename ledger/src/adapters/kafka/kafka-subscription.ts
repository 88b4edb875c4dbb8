import type { Batch, Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { readLedgerEvent } from '../../events/read-event.js';
import type { BatchHandler, StoredEvent, Subscription } from '../../ports/event-log.js';
import { RepeatWatermarks } from '../../ports/repeat-watermarks.js';
import { runInBackground } from '../../background/run-in-background.js';
import { handleChunksInOrder } from './chunks-in-order.js';
import { fetchSizes } from './fetch-sizes.js';

export interface KafkaSubscriptionTiming {
  /** How long to wait before delivering a failed batch again; doubles per failure in a row. */
  retryBackoffMs: number;
  /** How long one fetch waits on the broker for new events (bounds how long stop() can take). */
  maxWaitTimeMs: number;
  /**
   * How long events gather at the broker before a fetch returns them (Kafka's fetch.min.bytes
   * with fetch.max.wait.ms), so a consumer's fixed cost per batch (a Mongo transaction, a chdb
   * insert) is paid once per period instead of once per trickle of events; it then takes
   * maxWaitTimeMs' place as the fetch's wait (and so still bounds stop()). 0: return at once.
   */
  lingerMs: number;
  /** Set when a delivery should gather up to maxBatch events (see FetchTiming.batchEvents). */
  batchEvents?: number;
}

export interface KafkaSubscriptionOptions extends KafkaSubscriptionTiming {
  kafka: Kafka;
  topic: string;
  group: string;
  handler: BatchHandler;
  maxBatch: number;
  /** How many chunks of a fetch may be in the handler at once (chunks-in-order.ts); 1: one after the other. */
  batchesInFlight: number;
  /** kafkajs' partitionsConsumedConcurrently: how many partitions' batches are handled at once. */
  partitionsAtOnce: number;
  onError: (error: unknown) => void;
}

/** A batch that keeps failing (a poison event, a store that is down) is retried at least this often. */
const MAX_RETRY_BACKOFF_MS = 5_000;
/** How long a crashed consumer's replacement waits before joining the group. */
const REPLACE_AFTER_MS = 1_000;

/** Parses one record at the boundary: JSON, then the ledger event schema. Throws on anything else. */
export function toStoredEvent(partition: number, message: KafkaMessage): StoredEvent {
  if (message.value === null) throw new Error(`event log record ${partition}/${message.offset} has no value`);
  const text = message.value.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`event log record ${partition}/${message.offset} is not JSON`, { cause: error });
  }
  return { partition, offset: Number(message.offset), event: readLedgerEvent(json), json: text };
}

/**
 * One consumer group's delivery: kafkajs fetches, this hands the events over in chunks of at most
 * maxBatch, and commits offset+1 only after the handler resolved (autoCommit off). A failed chunk
 * (a throwing handler, an invalid event, a failed commit) is reported, then the partition is
 * sought back to the chunk's first offset, so the same events arrive again after a backoff.
 */
export class KafkaSubscription implements Subscription {
  private consumer: Consumer;
  private readonly stopping = new AbortController();
  private readonly failuresInARow = new Map<number, number>();
  private readonly repeats = new RepeatWatermarks();
  private stopped: Promise<void> | undefined;

  constructor(private readonly options: KafkaSubscriptionOptions) {
    this.consumer = this.createConsumer();
  }

  private createConsumer(): Consumer {
    const consumer = this.options.kafka.consumer({
      groupId: this.options.group,
      allowAutoTopicCreation: false,
      ...fetchSizes(this.options),
      sessionTimeout: 10_000,
      rebalanceTimeout: 30_000,
      heartbeatInterval: 1_000,
    });
    // Each join may bring partitions another member held: they are taken anew from their next batch.
    consumer.on(consumer.events.GROUP_JOIN, () => this.repeats.forgetAll());
    consumer.on(consumer.events.CRASH, (event) => {
      this.repeats.forgetAll();
      this.options.onError(event.payload.error);
      // kafkajs restarts itself only after a retriable failure (a broker restart can end in
      // another kind); a fresh consumer then takes the dead one's place and resumes from the
      // group's committed offsets.
      if (!event.payload.restart) runInBackground('replace the crashed Kafka consumer', () => this.replaceConsumer(), this.options.onError);
    });
    return consumer;
  }

  private async replaceConsumer(): Promise<void> {
    await this.consumer.disconnect().catch(() => {});
    await pause(REPLACE_AFTER_MS, this.stopping.signal);
    if (this.stopping.signal.aborted) return;
    this.consumer = this.createConsumer();
    await this.start().catch((error: unknown) => {
      this.options.onError(error);
      runInBackground('replace the crashed Kafka consumer', () => this.replaceConsumer(), this.options.onError);
    });
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    // A group without committed offsets starts at the beginning of the log: it sees every event.
    await this.consumer.subscribe({ topics: [this.options.topic], fromBeginning: true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      // Batches of one partition are never handled at once; of different partitions, up to this
      // many (the per-partition retry and repeat state below is kept per partition for that).
      partitionsConsumedConcurrently: this.options.partitionsAtOnce,
      eachBatch: (payload) => this.eachBatch(payload),
    });
  }

  /** Stops fetching, waits for the chunk in flight to be handled and committed, leaves the group. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping.abort();
      await this.consumer.disconnect(); // kafkajs waits for the eachBatch in progress to return
    })();
    return this.stopped;
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale } = payload;
    const { maxBatch } = this.options;
    if (batch.messages.length === 0) return;
    // The high watermark of the first fetch after a join bounds what an earlier member could
    // have been handed: that member stopped, or lost the partition, before this join.
    if (!this.repeats.knows(batch.partition)) this.repeats.taken(batch.partition, Number(batch.highWatermark) - 1);
    const chunks: KafkaMessage[][] = [];
    for (let start = 0; start < batch.messages.length; start += maxBatch) chunks.push(batch.messages.slice(start, start + maxBatch));
    const offsets = (chunk: KafkaMessage[]) => ({ first: Number(chunk[0]?.offset), last: Number(chunk[chunk.length - 1]?.offset) });
    const outcome = await handleChunksInOrder(chunks, {
      inFlight: this.options.batchesInFlight,
      keepGoing: () => !this.stopping.signal.aborted && isRunning() && !isStale(),
      handle: async (chunk) => {
        const events = chunk.map((message) => toStoredEvent(batch.partition, message));
        await this.options.handler(events, this.repeats.delivery(batch.partition, offsets(chunk).first));
      },
      commit: async (chunk) => {
        const { last } = offsets(chunk);
        // The payload's commit, not consumer.commitOffsets: that one silently skips once stop() began,
        // and stop() must leave the batch in flight committed.
        await commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: String(last + 1) }] }] });
        resolveOffset(String(last));
        this.failuresInARow.delete(batch.partition);
        await heartbeat().catch(() => {}); // a rebalance shows up as isStale() before the next chunk
      },
    });
    if (!outcome.failure) return;
    // Every chunk started may have acted: all of them come again as may-repeat, from the first uncommitted.
    const lastStarted = chunks[outcome.started - 1];
    const failed = chunks[outcome.committed];
    if (lastStarted) this.repeats.failed(batch.partition, offsets(lastStarted).last);
    this.options.onError(outcome.failure.error);
    if (failed?.[0]) await this.retryLater(batch, failed[0].offset);
  }

  /** Seeks the partition back to the failed chunk, after a backoff that stop() cuts short. */
  private async retryLater(batch: Batch, offset: string): Promise<void> {
    const failures = this.failuresInARow.get(batch.partition) ?? 0;
    this.failuresInARow.set(batch.partition, failures + 1);
    const backoffMs = Math.min(this.options.retryBackoffMs * 2 ** failures, MAX_RETRY_BACKOFF_MS);
    await pause(backoffMs, this.stopping.signal);
    if (this.stopping.signal.aborted) return; // not committed: the group's next member gets it again
    this.consumer.seek({ topic: batch.topic, partition: batch.partition, offset });
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
