import type { Options } from '../ports/options.js';

/** The bound for a model the option does not list: large enough for most models' answers (documented in docs/billing.md). */
export const FALLBACK_MAX_OUTPUT_TOKENS = 8192;

export function maxOutputTokens(options: Options, model: string): number {
  return Math.floor(options.numberMap('ModelMaxOutputTokens')[model] ?? FALLBACK_MAX_OUTPUT_TOKENS);
}
