import type { Redis } from 'ioredis';
import type { Leases } from '../../ports/leases.js';

/** Leases as Redis keys set with NX and an expiry: one atomic command decides between gateways. */
export class RedisLeases implements Leases {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async claim(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}lease:${name}`, holder, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
  }
}
