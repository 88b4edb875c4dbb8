import { costOf, type PriceQuote } from './pricing.js';

/**
 * What to hold before forwarding. The answer's length is unknown, so the hold covers the prompt
 * (or PreConsumedQuota tokens, whichever is more) plus max_tokens of completion when given.
 * A hold only gates admission; the ledger debits the actual cost.
 *
 * new-api skips pre-consumption for a user and key holding over 100 times the estimate, to spare
 * a database write per call. A hold here is one hot-state round trip that never touches the
 * balance anyone sees, so it is always taken: skipping it would only let a rich user's many
 * parallel calls overspend (ARCHITECTURE.md, invariant 3).
 */
export function holdEstimate(quote: PriceQuote, promptTokens: number, maxTokens: number, preConsumedTokens: number): number {
  return costOf(quote, { promptTokens: Math.max(promptTokens, preConsumedTokens), completionTokens: maxTokens });
}
