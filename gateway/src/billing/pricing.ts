import type { OptionCache } from '../options/option-cache.js';

/** The ratios one request is billed with; `modelPrice` is -1 when billed by tokens. */
export interface PriceQuote {
  modelRatio: number;
  completionRatio: number;
  groupRatio: number;
  modelPrice: number;
  quotaPerUnit: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/**
 * The ratios for a model in a group, or null when the operator set neither a ratio nor a price
 * for it: an unpriced model is refused rather than served for free.
 */
export function quoteFor(options: OptionCache, model: string, group: string): PriceQuote | null {
  const groupRatio = options.numberMap('GroupRatio')[group] ?? 1;
  const quotaPerUnit = options.number('QuotaPerUnit');
  const modelPrice = options.numberMap('ModelPrice')[model];
  if (modelPrice !== undefined) return { modelRatio: 0, completionRatio: 0, groupRatio, modelPrice, quotaPerUnit };
  const modelRatio = options.numberMap('ModelRatio')[model];
  if (modelRatio === undefined) return null;
  const completionRatio = options.numberMap('CompletionRatio')[model] ?? 1;
  return { modelRatio, completionRatio, groupRatio, modelPrice: -1, quotaPerUnit };
}

/**
 * Quota for a finished request: (prompt + completion x completion ratio) x model ratio x group
 * ratio, or a per-call price x quota per unit x group ratio. Rounded; a priced, non-empty request
 * never costs 0.
 */
export function costOf(quote: PriceQuote, usage: TokenUsage): number {
  if (quote.modelPrice >= 0) return Math.round(quote.modelPrice * quote.quotaPerUnit * quote.groupRatio);
  const weighted = (usage.promptTokens + usage.completionTokens * quote.completionRatio) * quote.modelRatio * quote.groupRatio;
  const quota = Math.round(weighted);
  return quota === 0 && weighted > 0 ? 1 : quota;
}

/** The consume row's content, as the wire-compatible gateway writes it. */
export function priceContent(quote: PriceQuote): string {
  if (quote.modelPrice >= 0) return `模型价格 ${quote.modelPrice.toFixed(2)}，分组倍率 ${quote.groupRatio.toFixed(2)}`;
  return `模型倍率 ${quote.modelRatio.toFixed(2)}，补全倍率 ${quote.completionRatio.toFixed(2)}，分组倍率 ${quote.groupRatio.toFixed(2)}`;
}

/** The consume row's `other` JSON: the ratios used and the first-response time in ms. */
export function priceOther(quote: PriceQuote, firstResponseMs: number) {
  return {
    model_ratio: quote.modelRatio,
    completion_ratio: quote.completionRatio,
    group_ratio: quote.groupRatio,
    model_price: quote.modelPrice,
    frt: firstResponseMs,
  };
}
