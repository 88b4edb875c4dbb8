import { createHash } from 'node:crypto';

type Arg = string | number;

/**
 * The part of a client a script needs. Both ioredis' Redis and Cluster have it, so a script
 * runs on either; a Cluster routes it by its first declared key.
 */
export interface ScriptRunner {
  evalsha(sha: string, numKeys: number, ...keysAndArgs: Arg[]): Promise<unknown>;
  eval(source: string, numKeys: number, ...keysAndArgs: Arg[]): Promise<unknown>;
}

/**
 * A Lua script run by its SHA; loaded on the first NOSCRIPT (a new or flushed server).
 * The keys it touches are declared (KEYS), so a Redis Cluster can check they share one slot.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: ScriptRunner, keys: string[], args: Arg[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}
