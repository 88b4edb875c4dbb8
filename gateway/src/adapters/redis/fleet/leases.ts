import type { Redis } from 'ioredis';

/** What leases need of a client: ioredis' Redis and Cluster both have it. */
export type LeasesClient = Pick<Redis, 'set' | 'eval'>;
import type { Leases } from '../../../ports/hot-state/leases.js';

/** Extends the key's expiry only while it still names the holder: the check and the change are one atomic step. */
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/** Leases as Redis keys set with NX and an expiry: one atomic command decides between gateways. */
export class RedisLeases implements Leases {
  constructor(
    private readonly redis: LeasesClient,
    private readonly prefix: string,
  ) {}

  async claim(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.key(name), holder, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
  }

  async renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key(name), holder, Math.max(1, Math.round(ttlMs)))) === 1;
  }

  private key(name: string): string {
    return `${this.prefix}lease:${name}`;
  }
}
