import type { Redis } from 'ioredis';
import type { ChannelAffinities } from '../../../ports/hot-state/channel-affinities.js';

/** What affinities need of a client: ioredis' Redis and Cluster both have it. */
export type AffinitiesClient = Pick<Redis, 'get' | 'set'>;

/**
 * Affinities as Redis strings with an expiry: one GET when a call with an affinity key is routed,
 * one SET EX when it succeeded; a call no rule matches costs nothing. Each command names one key,
 * so it is single-slot on a Redis Cluster. Redis bounds them by expiry (and its maxmemory policy),
 * not by a count.
 */
export class RedisChannelAffinities implements ChannelAffinities {
  constructor(
    private readonly redis: AffinitiesClient,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<number | null> {
    const value = await this.redis.get(this.key(key));
    const id = value === null ? NaN : Number.parseInt(value, 10);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  async set(key: string, channelId: number, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(key), String(channelId), 'EX', Math.max(1, Math.round(ttlSeconds)));
  }

  private key(key: string): string {
    return `${this.prefix}affinity:${key}`;
  }
}
