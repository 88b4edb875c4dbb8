/** A stored option the cache would not take, and why (the value is left out: it may be a secret). */
export interface RefusedOption {
  key: string;
  problem: string;
}

/**
 * The site's options (new-api's `/api/option`) as the gateway reads them: held in the process so the
 * relay never reads the store per call, each value checked by its rule. `set` writes through;
 * `reload` follows a change made elsewhere and returns what the store held that a rule refused.
 */
export interface Options {
  reload(): Promise<RefusedOption[]>;
  set(key: string, value: string): Promise<void>;
  all(): Readonly<Record<string, string>>;
  string(key: string): string;
  number(key: string): number;
  boolean(key: string): boolean;
  /** A JSON map of numbers (a price table), parsed once per text. */
  numberMap(key: string): Readonly<Record<string, number>>;
  /**
   * The option's text as `parse` reads it, parsed once per text: the relay reads such tables on
   * every call. One parser per key (a second one replaces the first's value). What `parse`
   * returns is shared by every caller, so it must not be changed.
   */
  parsed<T>(key: string, parse: (text: string) => T): T;
}
