import { dict } from '@tollgate/wire';
import type { PriceQuote } from './pricing.js';

/** What an image call orders: the multipliers of its price. */
export interface ImageOrder {
  model: string;
  n: number;
  /** `1024x1024` when the client gave none, as OpenAI defaults it. */
  size: string;
  quality: string;
}

/** The wire-compatible gateway prices an image model that has only a ratio at $0.0025 per ratio point (ratio 16 = $0.04). */
const DOLLARS_PER_RATIO_POINT = 0.0025;

/** Size multipliers against the 1024x1024 price, as the wire-compatible gateway bills them; other sizes count as 1. */
const SIZE_RATIOS: Record<string, number> = dict({ '256x256': 0.4, '512x512': 0.45, '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 });

const TALL_OR_WIDE = new Set(['1024x1792', '1792x1024']);

/** dall-e-3 in hd costs twice the square price, and 1.5 times the (already doubled) tall or wide one. */
function qualityRatio(order: ImageOrder): number {
  if (order.model !== 'dall-e-3' || order.quality !== 'hd') return 1;
  return TALL_OR_WIDE.has(order.size) ? 1.5 : 2;
}

/**
 * An image call's quote: a per-call price of (ModelPrice, or the ratio's dollar value) x size
 * ratio x quality ratio x n, so the hold is the exact cost and costOf bills it as any per-call
 * price (x QuotaPerUnit x group ratio).
 */
export function imageQuote(quote: PriceQuote, order: ImageOrder): PriceQuote {
  const perImage = quote.modelPrice >= 0 ? quote.modelPrice : DOLLARS_PER_RATIO_POINT * quote.modelRatio;
  const modelPrice = perImage * (SIZE_RATIOS[order.size] ?? 1) * qualityRatio(order) * order.n;
  return { ...quote, modelRatio: 0, completionRatio: 0, modelPrice };
}
