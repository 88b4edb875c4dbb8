import { describe, expect, it } from 'vitest';
import { OptionCache } from '../options/option-cache.js';
import { optionDefaults } from '../options/option-defaults.js';
import type { OptionStore } from '../ports/documents/option-store.js';
import { builtinCompletionRatio, completionRatioFor } from './builtin-completion-ratio.js';
import { costOf, quoteFor } from './pricing.js';

/** A caller of the user group `group` calling in that same group. */
const inGroup = (group: string) => ({ group, user: { group } });

async function optionsWith(values: Record<string, string>): Promise<OptionCache> {
  const store: OptionStore = { all: async () => values, set: async () => {} };
  const cache = new OptionCache(store);
  await cache.reload();
  return cache;
}

describe('completion ratios as new-api resolves them', () => {
  it('a model the saved CompletionRatio map leaves out takes the built-in rule: gpt-4o 4, gpt-4-turbo 3, claude 5, gemini-1.5 4', () => {
    const saved = { 'my-model': 2 };
    expect(['gpt-4o', 'gpt-4o-2024-08-06', 'gpt-4-turbo', 'claude-3-5-sonnet-20241022', 'claude-sonnet-4-20250514', 'gemini-1.5-pro', 'o3-mini', 'gpt-5-mini', 'mistral-large-latest'].map((model) => completionRatioFor(saved, model))).toEqual([4, 4, 3, 5, 5, 4, 4, 8, 3]);
    expect(completionRatioFor(saved, 'gemini-2.5-flash')).toBeCloseTo(2.5 / 0.3, 12);
    // gpt- without a rule of its own (gpt-3.5 included: new-api's gpt- branch comes first) is 2; a name no rule knows is 1.
    expect([completionRatioFor(saved, 'gpt-4'), completionRatioFor(saved, 'gpt-3.5-turbo-0613'), completionRatioFor(saved, 'llama-3-70b'), completionRatioFor(saved, 'my-model')]).toEqual([2, 2, 1, 2]);
  });

  it("a saved ratio wins over every built-in rule, as the console shows it; gizmo names share one entry", () => {
    expect(completionRatioFor({ 'gpt-4o': 3 }, 'gpt-4o')).toBe(3);
    expect(builtinCompletionRatio('claude-3-opus-20240229')).toBe(5);
    expect(completionRatioFor({ 'claude-3-opus-20240229': 2 }, 'claude-3-opus-20240229')).toBe(2);
    expect(completionRatioFor({}, 'claude-3-opus-20240229')).toBe(5);
    expect(completionRatioFor({ 'deepseek-ai/DeepSeek-R1': 4 }, 'deepseek-ai/DeepSeek-R1')).toBe(4);
    expect(completionRatioFor({ 'gpt-4-gizmo-*': 6 }, 'gpt-4-gizmo-g-abc')).toBe(6);
  });

  it("bills 100 prompt + 50 completion tokens of gpt-4o at 375 after an import of a partial CompletionRatio map, as new-api does (before: 188)", async () => {
    // new-api's figures: model ratio 1.25 ($2.5 per 1M input, 1 = $2 per 1M), completion rule 4, group 1.
    const expected = Math.round((100 + 50 * 4) * 1.25 * 1);
    expect(expected).toBe(375);
    const options = await optionsWith({ ...optionDefaults, CompletionRatio: JSON.stringify({ 'gpt-4o-mini': 1 }) });
    const quote = quoteFor(options, 'gpt-4o', inGroup('default'))!;
    expect(quote).toMatchObject({ modelRatio: 1.25, completionRatio: 4, groupRatio: 1 });
    expect(costOf(quote, { promptTokens: 100, completionTokens: 50 })).toBe(expected);
  });

  it("prices written cache tokens at new-api's 1.25 for a model CreateCacheRatio leaves out", async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":1}', CreateCacheRatio: '{}' }), 'm', inGroup('default'))!;
    // 60 plain + 40 written x 1.25 = 110
    expect(costOf(quote, { promptTokens: 100, completionTokens: 0, cacheWriteTokens: 40 })).toBe(110);
  });
});
