import { costOf, type PriceQuote } from './pricing.js';

/**
 * What to hold before forwarding. The answer's length is unknown, so the hold covers the prompt
 * (or PreConsumedQuota tokens, whichever is more) plus max_tokens of completion when given.
 * A hold only gates admission; the ledger debits the actual cost.
 */
export function holdEstimate(quote: PriceQuote, promptTokens: number, maxTokens: number, preConsumedTokens: number): number {
  return costOf(quote, { promptTokens: Math.max(promptTokens, preConsumedTokens), completionTokens: maxTokens });
}
