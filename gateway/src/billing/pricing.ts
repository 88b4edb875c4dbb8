import type { Options } from '../ports/options.js';
import type { ToolCalls, Usage } from '../providers/types.js';
import { completionRatioFor } from './builtin-completion-ratio.js';
import { type GroupedCaller, groupRatioFor } from './group-ratio.js';
import { costOfUsage, type PriceExpression } from './expression/price-expression.js';
import { priceExpressionFor } from './expression/model-expressions.js';
import { toolDollars, toolOther, type ToolPrices, toolPricesFor } from './tool-prices.js';

/** The ratios one request is billed with; `modelPrice` is -1 when billed by tokens. */
export interface PriceQuote {
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  /** Set when the group ratio is the user group's own for this group (GroupGroupRatio): new-api's `user_group_ratio`. */
  userGroupRatio?: number;
  modelPrice: number;
  quotaPerUnit: number;
  /** Prices of special tokens relative to ordinary prompt (or, for audio output, completion) tokens; absent = 1. */
  cacheRatio?: number;
  cacheCreationRatio?: number;
  audioRatio?: number;
  audioCompletionRatio?: number;
  /** Image input tokens (ImageRatio), relative to ordinary prompt tokens; absent = 1. */
  imageRatio?: number;
  /** A model in new-api's tiered_expr billing mode: its expression prices the call (the ratios above are unused). */
  expression?: PriceExpression;
  /** $ per 1,000 calls of the server tools an upstream may report (web and file search), added to any price. */
  toolPrices?: ToolPrices;
  /** The request asked for cache writes kept an hour (Claude's `ttl: "1h"`): its worst case counts them. */
  hourLongWrites?: boolean;
  /** The server tool calls the request allows (a web search tool's max_uses): its worst case counts them at their prices. */
  toolAllowance?: ToolCalls;
}

/** new-api's cache-write ratio for a model its CreateCacheRatio map leaves out (its GetCreateCacheRatio). */
export const DEFAULT_CACHE_CREATION_RATIO = 1.25;

/** A cache write kept an hour costs this much more than one kept five minutes (Anthropic's 2x against 1.25x; new-api's CreateCacheRatio x 6 / 3.75). */
export const CACHE_WRITE_1H_FACTOR = 6 / 3.75;

/** What a cache write kept an hour costs against a plain prompt token; 1 for a quote that prices no cache writes. */
export const hourLongWriteRatio = (quote: PriceQuote): number => (quote.cacheCreationRatio === undefined ? 1 : quote.cacheCreationRatio * CACHE_WRITE_1H_FACTOR);

/** new-api's ratio for a model nobody priced, served only in self-use mode. */
export const SELF_USE_MODEL_RATIO = 37.5;

/** Tokens of one answer; the special kinds are counted inside the prompt and completion totals. */
export type TokenUsage = Usage;

/**
 * The ratios for a model called in the caller's group, or null when the operator set neither a
 * ratio nor a price for it: an unpriced model is refused rather than served for free, unless
 * SelfUseModeEnabled, where it is billed at SELF_USE_MODEL_RATIO (new-api's self-use mode).
 */
export function quoteFor(options: Options, model: string, caller: GroupedCaller): PriceQuote | null {
  const { ratio: groupRatio, special } = groupRatioFor(options, caller);
  const grouped = special ? { groupRatio, userGroupRatio: groupRatio } : { groupRatio };
  const base = { ...grouped, quotaPerUnit: options.number('QuotaPerUnit'), toolPrices: toolPricesFor(options, model) };
  const expression = priceExpressionFor(options, model);
  if (expression) return { modelRatio: 0, completionRatio: 0, modelPrice: -1, ...base, expression };
  const modelPrice = options.numberMap('ModelPrice')[model];
  if (modelPrice !== undefined) return { modelRatio: 0, completionRatio: 0, modelPrice, ...base };
  const modelRatio = options.numberMap('ModelRatio')[model] ?? (options.boolean('SelfUseModeEnabled') ? SELF_USE_MODEL_RATIO : undefined);
  if (modelRatio === undefined) return null;
  const completionRatio = completionRatioFor(options.numberMap('CompletionRatio'), model);
  const specialTokens = {
    cacheRatio: options.numberMap('CacheRatio')[model] ?? 1,
    cacheCreationRatio: options.numberMap('CreateCacheRatio')[model] ?? DEFAULT_CACHE_CREATION_RATIO,
    audioRatio: options.numberMap('AudioRatio')[model] ?? 1,
    audioCompletionRatio: options.numberMap('AudioCompletionRatio')[model] ?? 1,
    imageRatio: options.numberMap('ImageRatio')[model] ?? 1,
  };
  return { modelRatio, completionRatio, modelPrice: -1, ...base, ...specialTokens };
}

/** Prompt and completion tokens weighted by what each kind costs relative to ordinary text. */
function weightedTokens(quote: PriceQuote, usage: TokenUsage): { prompt: number; completion: number } {
  const cached = usage.cachedPromptTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const writtenForAnHour = Math.min(usage.cacheWrite1hTokens ?? 0, written);
  const audioIn = usage.audioPromptTokens ?? 0;
  const audioOut = usage.audioCompletionTokens ?? 0;
  const imageIn = usage.imagePromptTokens ?? 0;
  const plainPrompt = Math.max(usage.promptTokens - cached - written - audioIn - imageIn, 0);
  const writes = (written - writtenForAnHour) * (quote.cacheCreationRatio ?? 1) + writtenForAnHour * hourLongWriteRatio(quote);
  const special = cached * (quote.cacheRatio ?? 1) + writes + audioIn * (quote.audioRatio ?? 1) + imageIn * (quote.imageRatio ?? 1);
  return {
    prompt: plainPrompt + special,
    completion: Math.max(usage.completionTokens - audioOut, 0) + audioOut * (quote.audioCompletionRatio ?? 1),
  };
}

/**
 * Quota for a finished request: (prompt + completion x completion ratio) x model ratio x group
 * ratio, with cached, cache-written and audio tokens weighted by their ratios; or a per-call price
 * x quota per unit x group ratio; plus the server tools the upstream ran at their prices. Rounded;
 * a priced, non-empty request never costs 0.
 */
export function costOf(quote: PriceQuote, usage: TokenUsage): number {
  const tools = toolDollars(quote.toolPrices, usage.toolCalls) * quote.quotaPerUnit * quote.groupRatio;
  if (quote.expression) return expressionQuota(quote, quote.expression, usage, false, tools);
  if (quote.modelPrice >= 0) return Math.round(quote.modelPrice * quote.quotaPerUnit * quote.groupRatio + tools);
  const tokens = weightedTokens(quote, usage);
  const weighted = (tokens.prompt + tokens.completion * quote.completionRatio) * quote.modelRatio * quote.groupRatio + tools;
  const quota = Math.round(weighted);
  return quota === 0 && weighted > 0 ? 1 : quota;
}

/** An expression's USD x 1e6 as quota: / 1e6 x QuotaPerUnit x group ratio (new-api's v1 conversion), rounded half away from zero. */
const EXPRESSION_SCALE = 1_000_000;

/**
 * The quota of a usage under the model's expression; a usage it cannot price (a division by zero in
 * it) costs Infinity, so settlement charges the call's hold rather than nothing (new-api keeps the
 * reservation when settlement's evaluation fails).
 */
export function expressionQuota(quote: PriceQuote, expression: PriceExpression, usage: TokenUsage, worst = false, extraQuota = 0): number {
  let value: number;
  try {
    value = costOfUsage(expression, usage, worst).value;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
  const weighted = (value / EXPRESSION_SCALE) * quote.quotaPerUnit * quote.groupRatio + extraQuota;
  if (!Number.isFinite(weighted) || weighted < 0) return Number.POSITIVE_INFINITY;
  const quota = Math.round(weighted);
  return quota === 0 && weighted > 0 ? 1 : quota;
}

/** The consume row's content, as the wire-compatible gateway writes it. */
export function priceContent(quote: PriceQuote): string {
  if (quote.expression) return `表达式计费，分组倍率 ${quote.groupRatio.toFixed(2)}`;
  if (quote.modelPrice >= 0) return `模型价格 ${quote.modelPrice.toFixed(2)}，分组倍率 ${quote.groupRatio.toFixed(2)}`;
  return `模型倍率 ${quote.modelRatio.toFixed(2)}，补全倍率 ${quote.completionRatio.toFixed(2)}，分组倍率 ${quote.groupRatio.toFixed(2)}`;
}

/** The consume row's `other` JSON: the ratios used, the special tokens billed, and the first-response time in ms. */
export function priceOther(quote: PriceQuote, firstResponseMs: number, usage?: TokenUsage) {
  return {
    model_ratio: quote.modelRatio,
    completion_ratio: quote.completionRatio,
    group_ratio: quote.groupRatio,
    ...(quote.userGroupRatio === undefined ? {} : { user_group_ratio: quote.userGroupRatio }),
    model_price: quote.modelPrice,
    frt: firstResponseMs,
    ...(usage?.cachedPromptTokens ? { cache_tokens: usage.cachedPromptTokens, cache_ratio: quote.cacheRatio ?? 1 } : {}),
    ...(usage?.cacheWriteTokens ? { cache_creation_tokens: usage.cacheWriteTokens, cache_creation_ratio: quote.cacheCreationRatio ?? 1 } : {}),
    ...(usage?.cacheWrite1hTokens ? { cache_creation_tokens_1h: usage.cacheWrite1hTokens, cache_creation_ratio_1h: hourLongWriteRatio(quote) } : {}),
    ...toolOther(quote.toolPrices, usage?.toolCalls),
    ...(usage?.audioPromptTokens ? { audio_input: usage.audioPromptTokens, audio_ratio: quote.audioRatio ?? 1 } : {}),
    ...(usage?.imagePromptTokens ? { image: true, image_output: usage.imagePromptTokens, image_ratio: quote.imageRatio ?? 1 } : {}),
    ...(usage?.audioCompletionTokens ? { audio_output: usage.audioCompletionTokens, audio_completion_ratio: quote.audioCompletionRatio ?? 1 } : {}),
    ...(quote.expression ? expressionOther(quote.expression, usage) : {}),
  };
}

/** new-api's log fields of an expression-priced call: the mode, the expression (base64) and the tier it settled in. */
function expressionOther(expression: PriceExpression, usage: TokenUsage | undefined) {
  let tier: string | null = null;
  try {
    tier = usage ? costOfUsage(expression, usage).tier : null;
  } catch {
    tier = null;
  }
  return { billing_mode: 'tiered_expr', expr_b64: Buffer.from(expression.text).toString('base64'), ...(tier === null ? {} : { matched_tier: tier }) };
}
