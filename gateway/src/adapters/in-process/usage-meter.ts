import type { Throughput } from '@tollgate/wire';
import { METER_WINDOW_SECONDS, type MeteredCall, type ThroughputReading, type UsageMeter } from '../../ports/hot-state/usage-meter.js';

const ALL = -1;
const second = (ms: number) => Math.floor(ms / 1000);

/** Per-second buckets in this process: right for one gateway. */
export class InProcessUsageMeter implements UsageMeter {
  /** second → user id (ALL for everyone) → counts */
  private readonly buckets = new Map<number, Map<number, Throughput>>();

  async record(calls: readonly MeteredCall[]): Promise<void> {
    if (calls.length === 0) return;
    for (const call of calls) this.count(call);
    this.forgetBefore(Math.max(...calls.map((call) => second(call.atMs))) - METER_WINDOW_SECONDS);
  }

  async lastMinute(userIds: readonly number[], nowMs: number): Promise<ThroughputReading> {
    const now = second(nowMs);
    const sum = (id: number): Throughput => {
      const total = { rpm: 0, tpm: 0 };
      for (let at = now - METER_WINDOW_SECONDS + 1; at <= now; at++) {
        const counts = this.buckets.get(at)?.get(id);
        total.rpm += counts?.rpm ?? 0;
        total.tpm += counts?.tpm ?? 0;
      }
      return total;
    };
    return { all: sum(ALL), users: new Map(userIds.map((id) => [id, sum(id)])) };
  }

  private count({ userId, tokens, atMs }: MeteredCall): void {
    const at = second(atMs);
    const bucket = this.buckets.get(at) ?? new Map<number, Throughput>();
    this.buckets.set(at, bucket);
    for (const id of [ALL, userId]) {
      const counts = bucket.get(id) ?? { rpm: 0, tpm: 0 };
      bucket.set(id, { rpm: counts.rpm + 1, tpm: counts.tpm + tokens });
    }
  }

  private forgetBefore(oldest: number): void {
    for (const at of this.buckets.keys()) if (at < oldest) this.buckets.delete(at);
  }
}
