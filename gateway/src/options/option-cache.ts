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
  /** Parsed values by key, with the text and the parser they came from: the relay prices every call from them (bounded by the option keys). */
  private readonly parsedValues = new Map<string, { text: string; parse: (text: string) => unknown; value: unknown }>();

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
    return this.parsed(key, parseNumberMap);
  }

  parsed<T>(key: string, parse: (text: string) => T): T {
    const text = this.values[key] ?? '';
    const cached = this.parsedValues.get(key);
    if (cached?.text === text && cached.parse === parse) {
      // A reload yields an equal text in a new string: keeping the new one makes the next comparison a pointer check, not a scan of a 50 KB word list.
      cached.text = text;
      return cached.value as T;
    }
    const value = parse(text);
    this.parsedValues.set(key, { text, parse, value });
    return value;
  }
}

/** Null-prototype, since the relay indexes it by the model and group names clients send (issue #33); frozen, as every caller shares it. */
function parseNumberMap(text: string): Readonly<Record<string, number>> {
  return Object.freeze(parseJsonTable(text) as Record<string, number>);
}
