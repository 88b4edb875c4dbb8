import type { OptionStore } from '../ports/option-store.js';
import { optionDefaults } from './option-defaults.js';

/**
 * Options held in the process so the relay never reads the store per request.
 * `set` writes through; `reload` follows a change made elsewhere.
 */
export class OptionCache {
  private values: Record<string, string> = { ...optionDefaults };

  constructor(private readonly store: OptionStore) {}

  async reload(): Promise<void> {
    this.values = { ...optionDefaults, ...(await this.store.all()) };
  }

  async set(key: string, value: string): Promise<void> {
    await this.store.set(key, value);
    this.values[key] = value;
  }

  all(): Readonly<Record<string, string>> {
    return this.values;
  }

  string(key: string): string {
    return this.values[key] ?? '';
  }

  number(key: string): number {
    const parsed = Number(this.values[key]);
    return Number.isFinite(parsed) ? parsed : 0;
  }

  boolean(key: string): boolean {
    return this.values[key] === 'true';
  }

  /** A JSON map option (ModelRatio, GroupRatio, ...); a malformed value reads as empty. */
  numberMap(key: string): Record<string, number> {
    try {
      const parsed: unknown = JSON.parse(this.values[key] ?? '{}');
      return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
    } catch {
      return {};
    }
  }
}
