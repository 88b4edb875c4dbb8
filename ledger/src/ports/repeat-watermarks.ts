import type { BatchDelivery } from './event-log.js';

/**
 * One subscription's answer to `BatchDelivery.mayRepeat`, partition by partition: the last offset
 * whose event a handler of the group may already have acted on. It is the partition's last offset
 * when the subscription took it (whatever was there could have been handed to an earlier process
 * or member that stopped before committing), raised to a failed batch's last event.
 */
export class RepeatWatermarks {
  private readonly through = new Map<number, number>();

  /** Whether the partition's watermark is set since the subscription (last) took it. */
  knows(partition: number): boolean {
    return this.through.has(partition);
  }

  /** The subscription took the partition while its last offset was `lastOffset` (-1: empty). */
  taken(partition: number, lastOffset: number): void {
    this.through.set(partition, lastOffset);
  }

  /** Partitions may have moved (a rebalance, a new consumer): each is taken anew. */
  forgetAll(): void {
    this.through.clear();
  }

  /** A batch of the partition through `lastOffset` failed after its handler began. */
  failed(partition: number, lastOffset: number): void {
    this.through.set(partition, Math.max(this.through.get(partition) ?? lastOffset, lastOffset));
  }

  /** A partition not taken yet is treated as repeating: the safe answer. */
  delivery(partition: number, firstOffset: number): BatchDelivery {
    return { mayRepeat: firstOffset <= (this.through.get(partition) ?? Number.POSITIVE_INFINITY) };
  }
}
