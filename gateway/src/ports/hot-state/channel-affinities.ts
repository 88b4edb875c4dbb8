import type { AffinityLookups } from '@tollgate/wire';

export type { AffinityLookups };

/** The entries a store holds (unexpired): in all, and under each prefix asked about. */
export interface AffinityEntries {
  total: number;
  byPrefix: number[];
  /** How the store keeps and drops entries (new-api's cache_algo): `lru` in a process, `redis-ttl` on Redis. */
  algorithm: string;
}

/**
 * Which channel a conversation last used (new-api's channel affinity), so its next call goes there
 * and the provider's prompt cache hits. Keys are the affinity keys the rules derive
 * (channels/affinity/), already namespaced, and start with their rule's prefix when the rule
 * includes its name; an entry lives `ttlSeconds` from its last write.
 */
export interface ChannelAffinities {
  /**
   * The channel remembered for `key`, or null when none is (never set, expired or evicted). The
   * lookup is counted for `rule` (see lookups): a store that shares its counts across gateways adds
   * them up in the process first, so counting costs a call nothing outside it.
   */
  get(key: string, rule: string): Promise<number | null>;
  /**
   * Remembers `channelId` for `key` for `ttlSeconds`. `maxEntries` bounds a store that holds its
   * entries itself (the in-process one evicts the least recently used); Redis bounds them by expiry.
   */
  set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void>;
  /** The entries held, in all and under each of `prefixes` (an admin's read: it walks every entry). */
  entries(prefixes: readonly string[]): Promise<AffinityEntries>;
  /** Each rule's lookups since they were last cleared, every gateway's added up. */
  lookups(): Promise<Record<string, AffinityLookups>>;
  /**
   * Drops the entries under `scope.prefix` and the lookups of `scope.rule`, or with 'all' every
   * entry and every count; answers how many entries it dropped.
   */
  clear(scope: { prefix: string; rule: string } | 'all'): Promise<number>;
}
