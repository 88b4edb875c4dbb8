import type { Throughput } from '@tollgate/wire';
import type { Redis } from 'ioredis';
import { METER_WINDOW_SECONDS, type MeteredCall, type ThroughputReading, type UsageMeter } from '../../ports/usage-meter.js';

const second = (ms: number) => Math.floor(ms / 1000);
/** A bucket outlives the window a little, so a reader at its edge still finds it. */
const BUCKET_TTL_SECONDS = METER_WINDOW_SECONDS * 2;

/** Per-second hashes `{r, t}` in Redis, one for everyone and one per user: every gateway counts into them. */
export class RedisUsageMeter implements UsageMeter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /**
   * One pipeline a batch, summed per bucket first: a call at a time cost six commands and a
   * socket write each, about 5% of a cluster gateway's main thread at 1500 req/s.
   */
  async record(calls: readonly MeteredCall[]): Promise<void> {
    const sums = new Map<string, Throughput>();
    for (const { userId, tokens, atMs } of calls) {
      const at = second(atMs);
      for (const key of [this.key('all', at), this.key(`u${userId}`, at)]) {
        const sum = sums.get(key) ?? { rpm: 0, tpm: 0 };
        sums.set(key, { rpm: sum.rpm + 1, tpm: sum.tpm + tokens });
      }
    }
    const pipeline = this.redis.pipeline();
    for (const [key, { rpm, tpm }] of sums) pipeline.hincrby(key, 'r', rpm).hincrby(key, 't', tpm).expire(key, BUCKET_TTL_SECONDS);
    await pipeline.exec();
  }

  async lastMinute(userIds: readonly number[], nowMs: number): Promise<ThroughputReading> {
    const now = second(nowMs);
    const subjects = ['all', ...userIds.map((id) => `u${id}`)];
    const pipeline = this.redis.pipeline();
    for (const subject of subjects) {
      for (let at = now - METER_WINDOW_SECONDS + 1; at <= now; at++) pipeline.hmget(this.key(subject, at), 'r', 't');
    }
    const replies = (await pipeline.exec()) ?? [];
    const sums = subjects.map((_, s) => {
      const total: Throughput = { rpm: 0, tpm: 0 };
      for (const [, value] of replies.slice(s * METER_WINDOW_SECONDS, (s + 1) * METER_WINDOW_SECONDS)) {
        const [requests, tokens] = (value as (string | null)[] | null) ?? [];
        total.rpm += Number(requests ?? 0);
        total.tpm += Number(tokens ?? 0);
      }
      return total;
    });
    return { all: sums[0] ?? { rpm: 0, tpm: 0 }, users: new Map(userIds.map((id, i) => [id, sums[i + 1] ?? { rpm: 0, tpm: 0 }])) };
  }

  private key(subject: string, at: number): string {
    return `${this.prefix}meter:${subject}:${at}`;
  }
}
