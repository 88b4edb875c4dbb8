/** Options are key/value strings (spec: Option). */
export interface OptionStore {
  all(): Promise<Record<string, string>>;
  set(key: string, value: string): Promise<void>;
}
