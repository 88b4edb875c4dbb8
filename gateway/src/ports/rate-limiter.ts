/** At most `points` calls per key in any `durationSeconds`. */
export interface RateRule {
  /** Names the rule's counters, so rules never share them. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Counts calls per key (a client's IP) under one rule, across every gateway that shares it. */
export interface RateLimiter {
  /** Counts one call: null when allowed, else the seconds until the key may call again. */
  take(key: string): Promise<number | null>;
  /**
   * Whether a call would be refused now, without counting it: null when the key has points left,
   * else the seconds until it may call again. With `take` after the fact, it limits only the calls
   * that turn out to count (the relay's successful answers).
   */
  peek(key: string): Promise<number | null>;
}

/** Makes the limiter of a rule; the composition root picks where the counters live. */
export type RateLimiters = (rule: RateRule) => RateLimiter;
