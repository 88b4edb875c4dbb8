import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completionLimit, holdRange } from './hold-size.js';
import { costOf, type PriceQuote } from './pricing.js';
import { compilePriceExpression } from './expression/price-expression.js';

const perToken = (modelRatio: number, completionRatio: number, groupRatio = 1): PriceQuote => ({ modelRatio, completionRatio, groupRatio, modelPrice: -1, quotaPerUnit: 500_000 });
const perCall = (price: number): PriceQuote => ({ modelRatio: 0, completionRatio: 0, groupRatio: 1, modelPrice: price, quotaPerUnit: 500_000 });

describe('hold sizing', () => {
  it('tool_price_setting.prices: given a request that allows 3 web searches at $10 per 1,000, then its worst case holds them too, never its least', () => {
    const quote: PriceQuote = { ...perToken(1, 1), toolPrices: { web_search_preview: 25, file_search: 2.5, web_search: 10, google_search: 35 }, toolAllowance: { web_search: 3 } };
    expect(holdRange(quote, 100, 50)).toEqual({ least: 101, most: 150 + (3 * 10 * 500_000) / 1_000 });
  });

  it('given a tiered expression, when sizing a hold for a prompt in its cheap tier, then the worst case is the dear tier with every prompt token at its dearest kind', () => {
    // $2/$8 per 1M up to 1,000 prompt tokens, $4/$16 past it; a cached token $40: no kind is cheaper than the worst case says.
    const expression = compilePriceExpression('len <= 1000 ? tier("short", p * 2 + c * 8) : tier("long", p * 4 + c * 16 + cr * 40)');
    const quote: PriceQuote = { ...perToken(0, 0), expression };
    const toQuota = (usd1e6: number) => Math.round((usd1e6 / 1e6) * 500_000);
    expect(holdRange(quote, 100, 50)).toEqual({ least: toQuota(100 * 2 + 1 * 8), most: toQuota(100 * 40 + 50 * 16) });
    // Settled on the real usage in the cheap tier, the call costs less than its hold.
    expect(costOf(quote, { promptTokens: 100, completionTokens: 50 })).toBe(toQuota(100 * 2 + 50 * 8));
  });

  it('given a per-token price, when sizing a hold, then it ranges from the prompt and one answer token to the prompt and the whole cap', () => {
    expect(holdRange(perToken(2, 3), 100, 50)).toEqual({ least: (100 + 3) * 2, most: (100 + 150) * 2 });
  });

  it('given a PreConsumedQuota floor above the counted prompt, when sizing, then only the worst case counts it', () => {
    expect(holdRange(perToken(1, 1), 10, 50, 500)).toEqual({ least: 11, most: 550 });
    expect(holdRange(perToken(1, 1), 800, 50, 500)).toEqual({ least: 801, most: 850 });
  });

  it('given a per-call price, when sizing a hold, then it is exactly the price', () => {
    expect(holdRange(perCall(0.002), 5_000, 16_384)).toEqual({ least: 1_000, most: 1_000 });
    expect(completionLimit(perCall(0.002), 5_000, 1_000, 16_384)).toBe(16_384);
  });

  it('given a call that answers no tokens (cap 0), when sizing, then the hold is the prompt alone', () => {
    expect(holdRange(perToken(1, 1), 40, 0)).toEqual({ least: 40, most: 40 });
  });

  it('given a grant covering the worst case, when deriving the limit, then the cap stands', () => {
    expect(completionLimit(perToken(1, 20), 10, (10 + 20 * 100) * 1, 100)).toBe(100);
  });

  it('given a grant below the worst case, when deriving the limit, then it is the most tokens the grant pays for', () => {
    // 1,100 granted at ratio 1, completion 20, prompt 10: (10 + 20n) <= 1,100 -> n = 54
    expect(completionLimit(perToken(1, 20), 10, 1_100, 16_384)).toBe(54);
  });

  it('given rounding that could push a limit over, when deriving it, then cost(prompt, limit) stays within the grant and one more token would not', () => {
    // ratio 0.075 (gemini-1.5-flash), completion 4, group 1.5: each answer token costs 0.45 quota
    const quote = perToken(0.0375, 4, 1.5);
    const limit = completionLimit(quote, 333, 77, 65_536);
    expect(costOf(quote, { promptTokens: 333, completionTokens: limit })).toBeLessThanOrEqual(77);
    expect(costOf(quote, { promptTokens: 333, completionTokens: limit + 1 })).toBeGreaterThan(77);
  });

  it('for any price and grant at or above the least, the limit is the largest that fits the grant', () => {
    const ratio = fc.double({ min: 0.001, max: 100, noNaN: true });
    fc.assert(
      fc.property(ratio, fc.double({ min: 0, max: 50, noNaN: true }), fc.double({ min: 0.1, max: 5, noNaN: true }), fc.nat(20_000), fc.integer({ min: 1, max: 200_000 }), fc.nat(2_000_000), (model, completion, group, prompt, cap, extra) => {
        const quote = perToken(model, completion, group);
        const { least, most } = holdRange(quote, prompt, cap);
        const granted = Math.min(most, least + extra);
        const limit = completionLimit(quote, prompt, granted, cap);
        expect(limit).toBeGreaterThanOrEqual(1);
        expect(limit).toBeLessThanOrEqual(cap);
        expect(costOf(quote, { promptTokens: prompt, completionTokens: limit })).toBeLessThanOrEqual(granted);
        if (limit < cap) expect(costOf(quote, { promptTokens: prompt, completionTokens: limit + 1 })).toBeGreaterThan(granted);
      }),
      { seed: 23, numRuns: 500 },
    );
  });

  it('for any ratios of special tokens, any usage within the counted prompt and the cap settles within the worst case, whatever its kinds', () => {
    const weight = fc.double({ min: 0.1, max: 25, noNaN: true });
    const quote = fc.record({ cacheRatio: weight, cacheCreationRatio: weight, audioRatio: weight, imageRatio: weight, audioCompletionRatio: weight });
    const split = fc.tuple(fc.nat(1_000), fc.nat(1_000), fc.nat(1_000), fc.nat(1_000), fc.nat(1_000));
    fc.assert(
      fc.property(quote, fc.double({ min: 0.01, max: 50, noNaN: true }), fc.nat(5_000), fc.integer({ min: 1, max: 5_000 }), split, fc.nat(1_000), (special, completion, prompt, cap, [plain, cached, written, audio, image], audioOut) => {
        const priced = { ...perToken(1.25, completion), ...special };
        // The counted prompt, shared out among its kinds; the answer's tokens, some of them audio.
        const shares = [plain, cached, written, audio, image].map((share) => share + 1);
        const total = shares.reduce((sum, share) => sum + share, 0);
        const [cachedTokens = 0, writtenTokens = 0, audioTokens = 0, imageTokens = 0] = shares.slice(1).map((share) => Math.floor((share / total) * prompt));
        const completionTokens = cap;
        const audioCompletionTokens = Math.min(audioOut, cap);
        const usage = { promptTokens: prompt, completionTokens, cachedPromptTokens: cachedTokens, cacheWriteTokens: writtenTokens, audioPromptTokens: audioTokens, imagePromptTokens: imageTokens, audioCompletionTokens };
        expect(costOf(priced, usage)).toBeLessThanOrEqual(holdRange(priced, prompt, cap).most);
      }),
      { seed: 37, numRuns: 2_000 },
    );
  });
});
