import { Redis } from 'ioredis';
import { dict } from '@tollgate/wire';
import type { HoldStore } from '../../ports/hot-state/hold-store.js';
import { createRedisHoldStore } from './holds/hold-store.js';

/** What a Redis server has done since it started, as its INFO counts it. */
export interface RedisWork {
  /** Every command, those a script runs included; INFO itself left out. */
  commands: number;
  byCommand: Record<string, number>;
  /** Bytes in and out over every connection. */
  bytes: number;
  /** Redis's own CPU time (user + system), in microseconds: what sizes a primary. */
  cpuMicros: number;
}

/**
 * A connection that reads a Redis server's work counters, and the hold store on it: what the
 * benchmarks and the fleet cost test measure a call's Redis cost with.
 */
export class RedisWorkProbe {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url);
  }

  holdStore(prefix: string): HoldStore {
    return createRedisHoldStore(this.redis, prefix);
  }

  /** The connections subscribed to a shard channel (SSUBSCRIBE) on this node. */
  async subscribers(channel: string): Promise<number> {
    const [, count] = (await this.redis.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number];
    return count;
  }

  async work(): Promise<RedisWork> {
    const [commandStats, stats, cpu] = [await this.redis.info('commandstats'), await this.redis.info('stats'), await this.redis.info('cpu')];
    const byCommand: Record<string, number> = dict({});
    for (const [, name = '', calls] of commandStats.matchAll(/cmdstat_([^:]+):calls=(\d+)/g)) if (name !== 'info') byCommand[name] = Number(calls);
    const counter = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(stats)?.[1] ?? 0);
    const seconds = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(cpu)?.[1] ?? 0);
    return {
      commands: Object.values(byCommand).reduce((sum, n) => sum + n, 0),
      byCommand,
      bytes: counter('total_net_input_bytes') + counter('total_net_output_bytes'),
      cpuMicros: (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1e6,
    };
  }

  close(): void {
    this.redis.disconnect();
  }
}
