import type { AffinityEntries, AffinityLookups, ChannelAffinities } from '../../ports/hot-state/channel-affinities.js';
import { AffinityLookupTally } from '../shared/affinity-lookup-tally.js';

interface Entry {
  channelId: number;
  until: number;
}

/**
 * Affinities in this process: a Map kept in least-recently-used order (a read or a write moves the
 * key to the end), so past `maxEntries` the oldest is dropped first. Expired entries are dropped
 * when read or when they reach the front; memory is bounded by `maxEntries` either way.
 */
export class InProcessChannelAffinities implements ChannelAffinities {
  private readonly held = new Map<string, Entry>();
  private readonly tally = new AffinityLookupTally();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, rule: string): Promise<number | null> {
    const channelId = this.take(key);
    this.tally.count(rule, channelId !== null);
    return channelId;
  }

  private take(key: string): number | null {
    const entry = this.held.get(key);
    if (!entry) return null;
    this.held.delete(key);
    if (entry.until <= this.now()) return null;
    this.held.set(key, entry);
    return entry.channelId;
  }

  async set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void> {
    this.held.delete(key);
    this.held.set(key, { channelId, until: this.now() + ttlSeconds * 1000 });
    for (const oldest of this.held.keys()) {
      if (this.held.size <= Math.max(1, maxEntries)) break;
      this.held.delete(oldest);
    }
  }

  async entries(prefixes: readonly string[]): Promise<AffinityEntries> {
    const byPrefix = prefixes.map(() => 0);
    let total = 0;
    const now = this.now();
    for (const [key, entry] of this.held) {
      if (entry.until <= now) continue;
      total++;
      prefixes.forEach((prefix, i) => {
        if (key.startsWith(prefix)) byPrefix[i] = (byPrefix[i] ?? 0) + 1;
      });
    }
    return { total, byPrefix, algorithm: 'lru' };
  }

  async lookups(): Promise<Record<string, AffinityLookups>> {
    return this.tally.snapshot();
  }

  async clear(scope: { prefix: string; rule: string } | 'all'): Promise<number> {
    const now = this.now();
    let dropped = 0;
    for (const [key, entry] of this.held) {
      if (scope !== 'all' && !key.startsWith(scope.prefix)) continue;
      this.held.delete(key);
      if (entry.until > now) dropped++;
    }
    this.tally.forget(scope === 'all' ? null : scope.rule);
    return dropped;
  }

  /** Entries held, expired or not: what the bound applies to. */
  get size(): number {
    return this.held.size;
  }
}
