import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

type Arg = string | number;

/** A Lua script run by its SHA; loaded on the first NOSCRIPT (a new or flushed server). */
export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, args: Arg[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, 0, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, 0, ...args);
    }
  }
}
