/** How often a rule's lookups found the conversation's remembered channel (hits) or not (misses). */
export interface AffinityLookups {
  hits: number;
  misses: number;
}

/** GET /api/option/channel_affinity_cache: new-api's ChannelAffinityCacheStats, with each rule's lookups (Tollgate's). */
export interface AffinityCacheStats {
  enabled: boolean;
  total: number;
  /** Entries of no rule that includes its name (their keys do not say which rule made them). */
  unknown: number;
  by_rule_name: Record<string, number>;
  cache_capacity: number;
  cache_algo: string;
  lookups_by_rule_name: Record<string, AffinityLookups>;
}
