/**
 * Which channel a conversation last used (new-api's channel affinity), so its next call goes there
 * and the provider's prompt cache hits. Keys are the affinity keys the rules derive
 * (channels/affinity/), already namespaced; an entry lives `ttlSeconds` from its last write.
 */
export interface ChannelAffinities {
  /** The channel remembered for `key`, or null when none is (never set, expired or evicted). */
  get(key: string): Promise<number | null>;
  /**
   * Remembers `channelId` for `key` for `ttlSeconds`. `maxEntries` bounds a store that holds its
   * entries itself (the in-process one evicts the least recently used); Redis bounds them by expiry.
   */
  set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void>;
}
