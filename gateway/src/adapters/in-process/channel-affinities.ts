import type { ChannelAffinities } from '../../ports/hot-state/channel-affinities.js';

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
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string): Promise<number | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.until <= this.now()) return null;
    this.entries.set(key, entry);
    return entry.channelId;
  }

  async set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { channelId, until: this.now() + ttlSeconds * 1000 });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= Math.max(1, maxEntries)) break;
      this.entries.delete(oldest);
    }
  }

  /** Entries held, expired or not: what the bound applies to. */
  get size(): number {
    return this.entries.size;
  }
}
