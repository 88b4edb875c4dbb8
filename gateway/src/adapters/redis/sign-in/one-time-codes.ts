import type { Redis } from 'ioredis';
import type { OneTimeCodes } from '../../../ports/hot-state/one-time-codes.js';
import { LuaScript, type ScriptRunner } from '../lua-script.js';

/** What the codes need of a client: ioredis' Redis and Cluster both have it. */
export type CodesClient = ScriptRunner & Pick<Redis, 'set'>;

/** Compare and delete in one step, so two gateways can never both redeem the same code. */
const REDEEM = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`);

/** One-time codes as Redis keys with an expiry: every gateway sees the code another one issued. */
export class RedisOneTimeCodes implements OneTimeCodes {
  constructor(
    private readonly redis: CodesClient,
    private readonly prefix: string,
  ) {}

  async issue(purpose: string, key: string, code: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.keyOf(purpose, key), code, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async redeem(purpose: string, key: string, code: string): Promise<boolean> {
    return (await REDEEM.run(this.redis, [this.keyOf(purpose, key)], [code])) === 1;
  }

  private keyOf(purpose: string, key: string): string {
    return `${this.prefix}code:${purpose}:${key}`;
  }
}
