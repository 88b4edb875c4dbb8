/** At most `points` calls per key in any `durationSeconds`. */
export interface RateRule {
  /** Names the rule's counters, so rules never share them. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** A point `reserve` counted, to give back if the call it was taken for turns out not to count. */
export interface Reservation {
  /**
   * Uncounts the point, within the window it was taken in. Once that window has ended the point
   * is gone with it, and giving it back would credit the next window: then it does nothing.
   */
  giveBack(): Promise<void>;
}

/** Counts calls per key (a client's IP, a user) under one rule, across every gateway that shares it. */
export interface RateLimiter {
  /** Counts one call: null when allowed, else the seconds until the key may call again. */
  take(key: string): Promise<number | null>;
  /**
   * Counts one call that may still be uncounted: a reservation when allowed, else the seconds
   * until the key may call again. Calls in flight hold their points, so a burst of parallel calls
   * can't pass the limit before any of them has finished (the relay's success limit).
   */
  reserve(key: string): Promise<Reservation | number>;
}

/** Makes the limiter of a rule; the composition root picks where the counters live. */
export type RateLimiters = (rule: RateRule) => RateLimiter;
