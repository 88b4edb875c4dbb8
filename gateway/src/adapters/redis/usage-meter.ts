import type { Redis } from 'ioredis';
import { METER_WINDOW_SECONDS, type Throughput, type ThroughputReading, type UsageMeter } from '../../ports/usage-meter.js';

const second = (ms: number) => Math.floor(ms / 1000);
/** A bucket outlives the window a little, so a reader at its edge still finds it. */
const BUCKET_TTL_SECONDS = METER_WINDOW_SECONDS * 2;

/** Per-second hashes `{r, t}` in Redis, one for everyone and one per user: every gateway counts into them. */
export class RedisUsageMeter implements UsageMeter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async record(userId: number, tokens: number, atMs: number): Promise<void> {
    const at = second(atMs);
    const pipeline = this.redis.pipeline();
    for (const key of [this.key('all', at), this.key(`u${userId}`, at)]) {
      pipeline.hincrby(key, 'r', 1).hincrby(key, 't', tokens).expire(key, BUCKET_TTL_SECONDS);
    }
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
