import { dict, parseJsonTable } from '@tollgate/wire';
import type { OptionStore } from '../ports/documents/option-store.js';
import type { Options, RefusedOption } from '../ports/options.js';
import { optionDefaults } from './option-defaults.js';
import { checkOptionValue } from './option-schema.js';

export type { RefusedOption } from '../ports/options.js';

/**
 * Options held in the process so the relay never reads the store per request.
 * `set` writes through; `reload` follows a change made elsewhere.
 */
export class OptionCache implements Options {
  private values: Record<string, string> = dict({ ...optionDefaults });
  /** Parsed JSON maps by key, with the text they came from: the relay prices every call from them. */
  private readonly parsedMaps = new Map<string, { text: string; map: Readonly<Record<string, number>> }>();

  constructor(private readonly store: OptionStore) {}

  /**
   * Re-reads the store. A stored value that fails its check (written by another tool, or by an
   * older build) is not taken: the value in force stays, and the refusal is returned to be logged.
   */
  async reload(): Promise<RefusedOption[]> {
    const values: Record<string, string> = dict({ ...optionDefaults });
    const refused: RefusedOption[] = [];
    for (const [key, stored] of Object.entries(await this.store.all())) {
      const checked = checkOptionValue(key, stored);
      if (checked.ok) values[key] = checked.value;
      else {
        refused.push({ key, problem: checked.problem });
        if (Object.hasOwn(this.values, key)) values[key] = this.values[key] as string;
      }
    }
    this.values = values;
    return refused;
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
  numberMap(key: string): Readonly<Record<string, number>> {
    const text = this.values[key] ?? '{}';
    const cached = this.parsedMaps.get(key);
    if (cached?.text === text) return cached.map;
    const map = Object.freeze(parseNumberMap(text));
    this.parsedMaps.set(key, { text, map });
    return map;
  }
}

/** Null-prototype, since the relay indexes it by the model and group names clients send (issue #33). */
function parseNumberMap(text: string): Record<string, number> {
  return parseJsonTable(text) as Record<string, number>;
}
