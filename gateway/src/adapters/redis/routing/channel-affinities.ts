import { type BackgroundLog, runInBackground } from '@tollgate/ledger';
import { dict, entryOf } from '@tollgate/wire';
import type { Cluster, Redis } from 'ioredis';
import type { AffinityEntries, AffinityLookups, ChannelAffinities } from '../../../ports/hot-state/channel-affinities.js';
import { AffinityLookupTally } from '../../shared/affinity-lookup-tally.js';

/** How often a gateway adds its counted lookups to the shared hash, at most (and only on a lookup or a read). */
const FLUSH_EVERY_MS = 5_000;
/** The lookups hash lives this long past its last addition: counts of a fleet that stopped calling go away. */
const LOOKUPS_TTL_SECONDS = 30 * 86_400;
const SCAN_BATCH = 500;

/** A glob pattern matching exactly `text` at its start. */
const globPrefix = (text: string) => `${text.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;

/**
 * Affinities as Redis strings with an expiry: one GET when a call with an affinity key is routed,
 * one SET EX when it succeeded; a call no rule matches costs nothing. Each command names one key,
 * so it is single-slot on a Redis Cluster. Redis bounds them by expiry (and its maxmemory policy),
 * not by a count.
 *
 * Lookups are counted in the process and added to one hash (`affinity-lookups`, a field per rule
 * and outcome) in one pipeline at most every FLUSH_EVERY_MS: a call costs no command for them, a
 * gateway at most one pipeline of two commands per rule per 5 seconds. The admin's reads walk the
 * keys with SCAN on every master (cost grows with the entries, never on the relay's path).
 */
export class RedisChannelAffinities implements ChannelAffinities {
  private readonly tally = new AffinityLookupTally();
  private flushedAt = 0;

  constructor(
    private readonly redis: Redis | Cluster,
    private readonly prefix: string,
    private readonly log: BackgroundLog,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, rule: string): Promise<number | null> {
    const value = await this.redis.get(this.key(key));
    const id = value === null ? NaN : Number.parseInt(value, 10);
    const channelId = Number.isSafeInteger(id) && id > 0 ? id : null;
    this.tally.count(rule, channelId !== null);
    // Not awaited by the call: a failed addition loses statistics, never money; it is logged.
    if (this.now() - this.flushedAt >= FLUSH_EVERY_MS) runInBackground('affinity lookups', () => this.flush(), this.log);
    return channelId;
  }

  async set(key: string, channelId: number, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(key), String(channelId), 'EX', Math.max(1, Math.round(ttlSeconds)));
  }

  async entries(prefixes: readonly string[]): Promise<AffinityEntries> {
    const byPrefix = prefixes.map(() => 0);
    let total = 0;
    await this.scan('', (keys) => {
      total += keys.length;
      for (const key of keys) prefixes.forEach((prefix, i) => key.startsWith(prefix) && (byPrefix[i] = (byPrefix[i] ?? 0) + 1));
    });
    return { total, byPrefix, algorithm: 'redis-ttl' };
  }

  async lookups(): Promise<Record<string, AffinityLookups>> {
    await this.flush();
    const fields = await this.redis.hgetall(this.lookupsKey());
    const counts = dict<AffinityLookups>();
    for (const [field, value] of Object.entries(fields)) {
      entryOf(counts, field.slice(2), () => ({ hits: 0, misses: 0 }))[field.startsWith('h:') ? 'hits' : 'misses'] += Number.parseInt(value, 10) || 0;
    }
    return counts;
  }

  async clear(scope: { prefix: string; rule: string } | 'all'): Promise<number> {
    let dropped = 0;
    await this.scan(scope === 'all' ? '' : scope.prefix, async (keys, node) => {
      const results = await node.pipeline(keys.map((key) => ['unlink', this.key(key)])).exec();
      dropped += (results ?? []).reduce((sum, [, n]) => sum + (typeof n === 'number' ? n : 0), 0);
    });
    this.tally.forget(scope === 'all' ? null : scope.rule);
    if (scope === 'all') await this.redis.del(this.lookupsKey());
    else await this.redis.hdel(this.lookupsKey(), `h:${scope.rule}`, `m:${scope.rule}`);
    return dropped;
  }

  /** Adds this process's counts to the shared hash; one key, so one slot on a Cluster. */
  private async flush(): Promise<void> {
    this.flushedAt = this.now();
    const counts = Object.entries(this.tally.drain());
    if (counts.length === 0) return;
    const hash = this.lookupsKey();
    const pipeline = this.redis.pipeline();
    for (const [rule, { hits, misses }] of counts) {
      if (hits) pipeline.hincrby(hash, `h:${rule}`, hits);
      if (misses) pipeline.hincrby(hash, `m:${rule}`, misses);
    }
    await pipeline.expire(hash, LOOKUPS_TTL_SECONDS).exec();
  }

  /** Every affinity key under `under` (without the store's namespace), a batch at a time, on every master. */
  private async scan(under: string, batch: (keys: string[], node: Redis) => unknown): Promise<void> {
    const namespace = this.key('');
    const nodes = 'nodes' in this.redis && typeof this.redis.nodes === 'function' ? this.redis.nodes('master') : [this.redis as Redis];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, found] = await node.scan(cursor, 'MATCH', globPrefix(namespace + under), 'COUNT', SCAN_BATCH);
        cursor = next;
        if (found.length) await batch(found.map((key) => key.slice(namespace.length)), node);
      } while (cursor !== '0');
    }
  }

  private key(key: string): string {
    return `${this.prefix}affinity:${key}`;
  }

  private lookupsKey(): string {
    return `${this.prefix}affinity-lookups`;
  }
}
