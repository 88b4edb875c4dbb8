import { costOf, expressionQuota, hourLongWriteRatio, type PriceQuote } from './pricing.js';
import type { PriceExpression } from './expression/price-expression.js';
import { toolDollars } from './tool-prices.js';

/** What a hold may take: at least the prompt's cost (and one token of answer), at most the call's worst case. */
export interface HoldRange {
  least: number;
  most: number;
}

const isPerCall = (quote: PriceQuote) => quote.modelPrice >= 0;

/**
 * The range of a call with `promptTokens` counted and at most `completionCap` tokens of answer
 * (its own limit, or the model's most output). The worst case counts at least `promptFloor`
 * prompt tokens (PreConsumedQuota): a margin for what a rough count misses (images, tools), taken
 * only where the balance allows, never from the least, so it never refuses a call. A per-call
 * price is one exact amount. The server tool calls the request allows (toolAllowance) are added at
 * their prices.
 */
export function holdRange(quote: PriceQuote, promptTokens: number, completionCap: number, promptFloor = 0): HoldRange {
  const least = costOf(quote, { promptTokens, completionTokens: isPerCall(quote) ? 0 : Math.min(1, completionCap) });
  const tools = Math.ceil(toolDollars(quote.toolPrices, quote.toolAllowance) * quote.quotaPerUnit * quote.groupRatio);
  if (quote.expression) return { least, most: Math.max(least, expressionWorstCase(quote, quote.expression, Math.max(promptTokens, promptFloor), completionCap) + tools) };
  const prompt = Math.ceil(Math.max(promptTokens, promptFloor) * dearestPromptWeight(quote));
  const most = costOf(quote, { promptTokens: prompt, completionTokens: Math.ceil(completionCap * Math.max(1, quote.audioCompletionRatio ?? 1)) });
  return { least, most: Math.max(least, most + tools) };
}

/** The prompt and answer kinds an expression may price apart: the worst case puts every token in each in turn. */
const PROMPT_KIND_FIELDS = [null, 'cachedPromptTokens', 'cacheWriteTokens', 'imagePromptTokens', 'audioPromptTokens'] as const;
/** A worst case with every prompt token a cache write kept an hour (the `cc1h` an expression may price). */
const ALL_WRITTEN_FOR_AN_HOUR = (tokens: number) => ({ cacheWriteTokens: tokens, cacheWrite1hTokens: tokens });
const COMPLETION_KIND_FIELDS = [null, 'audioCompletionTokens'] as const;

/**
 * An expression's worst case: its dearest branch (whatever a condition tests: a usage may cross into
 * a dearer tier than its estimate) with the whole prompt, then the whole answer, in each kind it
 * may price apart. Ten evaluations at admission; an expression that cannot be priced holds nothing
 * beyond the least (settlement then charges the hold).
 */
function expressionWorstCase(quote: PriceQuote, expression: PriceExpression, promptTokens: number, completionTokens: number): number {
  let most = 0;
  for (const promptKind of PROMPT_KIND_FIELDS) {
    for (const completionKind of COMPLETION_KIND_FIELDS) {
      const usage = { promptTokens, completionTokens, ...(promptKind ? { [promptKind]: promptTokens } : {}), ...(completionKind ? { [completionKind]: completionTokens } : {}) };
      const quota = expressionQuota(quote, expression, usage, true);
      if (Number.isFinite(quota)) most = Math.max(most, quota);
    }
  }
  if (!quote.hourLongWrites) return most;
  const hourLong = expressionQuota(quote, expression, { promptTokens, completionTokens, ...ALL_WRITTEN_FOR_AN_HOUR(promptTokens) }, true);
  if (Number.isFinite(hourLong)) most = Math.max(most, hourLong);
  return most;
}

/**
 * What a prompt token can cost at most, relative to a plain one: every token of the prompt may be
 * a cache write (1.25 by default; 2 when the request asks them kept an hour), audio or an image. The worst case prices the whole prompt at
 * that weight, so the call settles within its hold whatever kinds its usage reports.
 */
function dearestPromptWeight(quote: PriceQuote): number {
  const writes = quote.hourLongWrites ? hourLongWriteRatio(quote) : (quote.cacheCreationRatio ?? 1);
  return Math.max(1, quote.cacheRatio ?? 1, writes, quote.audioRatio ?? 1, quote.imageRatio ?? 1);
}

/**
 * The most answer tokens `granted` pays for after the prompt, at most `completionCap`: the
 * largest n with cost(prompt, n) <= granted. Found by bisection over the real price function, so
 * its rounding can never make a call cost more than its hold.
 */
export function completionLimit(quote: PriceQuote, promptTokens: number, granted: number, completionCap: number): number {
  if (isPerCall(quote) || fits(quote, promptTokens, completionCap, granted)) return completionCap;
  let low = 0; // fits (or the hold was refused)
  let high = completionCap; // does not fit
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(quote, promptTokens, middle, granted)) low = middle;
    else high = middle;
  }
  return low;
}

/** Whether `granted` pays for the prompt and `completionTokens`; a function of the module, not a closure made on every call. */
function fits(quote: PriceQuote, promptTokens: number, completionTokens: number, granted: number): boolean {
  return costOf(quote, { promptTokens, completionTokens }) <= granted;
}
