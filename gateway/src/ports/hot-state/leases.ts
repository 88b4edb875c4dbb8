/**
 * Claims that only one gateway can hold at a time, so cluster-wide chores (the periodic channel
 * test, the balance update) run once per period whatever the number of gateways.
 */
export interface Leases {
  /** True for exactly one caller until `ttlMs` has passed since it claimed `name`; false for everyone else. */
  claim(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /**
   * Extends `holder`'s lease on `name` to `ttlMs` from now, so work longer than a period keeps it;
   * false (and nothing changed) when it ran out or another holds it.
   */
  renew(name: string, holder: string, ttlMs: number): Promise<boolean>;
}
