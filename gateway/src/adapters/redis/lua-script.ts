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

/** A pipeline of a script and a WAIT: ioredis' Redis and Cluster both have it (a Cluster sends it to the script's slot). */
export interface ScriptPipeline {
  evalsha(sha: string, numKeys: number, ...keysAndArgs: Arg[]): ScriptPipeline;
  eval(source: string, numKeys: number, ...keysAndArgs: Arg[]): ScriptPipeline;
  wait(replicas: number, timeoutMs: number): ScriptPipeline;
  exec(): Promise<[Error | null, unknown][] | null>;
}

export interface ScriptPipeliner {
  pipeline(): ScriptPipeline;
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

  /**
   * Runs the script, then WAIT on the same node: resolves its answer and how many replicas had
   * its writes within `timeoutMs` (WAIT's answer).
   */
  async runAndWait(redis: ScriptPipeliner, keys: string[], args: Arg[], replicas: number, timeoutMs: number): Promise<{ result: unknown; replicas: number }> {
    const attempt = async (load: boolean) => {
      const pipeline = redis.pipeline();
      (load ? pipeline.eval(this.source, keys.length, ...keys, ...args) : pipeline.evalsha(this.sha, keys.length, ...keys, ...args)).wait(replicas, timeoutMs);
      const [script, wait] = (await pipeline.exec()) ?? [];
      if (!script || !wait) throw new Error('Redis answered no pipeline');
      return { error: script[0], result: script[1], replicas: Number(wait[1]) };
    };
    let answer = await attempt(false);
    if (answer.error?.message.startsWith('NOSCRIPT')) answer = await attempt(true);
    if (answer.error) throw answer.error;
    return { result: answer.result, replicas: answer.replicas };
  }
}
