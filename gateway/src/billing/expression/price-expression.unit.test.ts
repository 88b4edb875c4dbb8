import { describe, expect, it } from 'vitest';
import { ExpressionError } from './lexer.js';
import { compilePriceExpression, costOfUsage } from './price-expression.js';

/** new-api's worked example: 1000 prompt tokens, 200 of them cached and 100 images; 500 completion tokens, 100 of them audio. */
const usage = { promptTokens: 1_000, cachedPromptTokens: 200, imagePromptTokens: 100, completionTokens: 500, audioCompletionTokens: 100 };
const cost = (text: string, worst = false) => costOfUsage(compilePriceExpression(text), usage, worst);

describe('price expressions (new-api billing_expr v1)', () => {
  it.each([
    ['tier("base", p * 3 + c * 15)', 1_000 * 3 + 500 * 15],
    // Pricing a kind apart takes its tokens out of p (or c), never counting them twice.
    ['tier("base", p * 3 + c * 15 + cr * 0.3)', 800 * 3 + 200 * 0.3 + 500 * 15],
    ['tier("base", p * 3 + c * 15 + cr * 0.3 + img * 2)', 700 * 3 + 200 * 0.3 + 100 * 2 + 500 * 15],
    ['tier("base", p * 3 + c * 15 + ao * 50)', 1_000 * 3 + 400 * 15 + 100 * 50],
    ['v1:tier("base", p * 3)', 3_000],
  ])('given %s, when 1000 prompt (200 cached, 100 image) and 500 completion (100 audio) tokens are priced, then it costs %d (USD x 1e6)', (text, expected) => {
    expect(cost(text).value).toBeCloseTo(expected, 6);
  });

  it('given tiers by context length, when the prompt is past the threshold, then the long tier prices it and is named', () => {
    const text = 'len <= 800 ? tier("short", p * 2 + c * 8) : tier("long", p * 4 + c * 16)';
    expect(cost(text)).toEqual({ value: 1_000 * 4 + 500 * 16, tier: 'long' });
    // len is the whole prompt even when cached tokens are priced apart and leave p.
    expect(cost('len > 900 ? tier("long", p + cr) : tier("short", 0)').tier).toBe('long');
  });

  it('given tiers, when the worst case is asked, then the dearer branch prices it whatever the condition says', () => {
    const text = 'len <= 100000 ? tier("short", p * 2 + c * 8) : tier("long", p * 4 + c * 16)';
    expect(cost(text).tier).toBe('short');
    expect(cost(text, true)).toEqual({ value: 1_000 * 4 + 500 * 16, tier: 'long' });
  });

  it('given fixed(), when a call is priced, then it costs the dollar amount per request, scaled like token prices', () => {
    expect(cost('tier("request", fixed(0.01))').value).toBeCloseTo(10_000, 6);
  });

  it('reads the clock in a time zone, for time-of-day discounts', () => {
    const expression = compilePriceExpression('hour("Asia/Shanghai") < 8 ? tier("night", p) : tier("day", p * 2)');
    const night = costOfUsage(expression, usage, false, new Date('2026-11-29T20:00:00Z')); // 04:00 in Shanghai
    const day = costOfUsage(expression, usage, false, new Date('2026-11-29T04:00:00Z')); // 12:00 in Shanghai
    expect([night.tier, day.tier]).toEqual(['night', 'day']);
  });

  it.each([
    ['p * 3', 'tier'],
    ['tier("x", q * 3)', 'q'],
    ['tier("x", constructor)', 'constructor'],
    ['tier("x", __proto__ * 2)', '__proto__'],
    ['tier("x", param("n") * 2)', 'param'],
    ['tier("x", p * 3', ')'],
    ['tier("x, p)', '引号'],
    ['tier("x", p) @ 2', '@'],
    ['tier("x", -1 * p)', '非负'],
    [`${'('.repeat(5_000)}p${')'.repeat(5_000)}`, '嵌套'],
  ])('refuses %j with a message naming %s, never a crash', (text, named) => {
    expect(() => compilePriceExpression(text)).toThrow(ExpressionError);
    expect(() => compilePriceExpression(text)).toThrow(named);
  });
});
