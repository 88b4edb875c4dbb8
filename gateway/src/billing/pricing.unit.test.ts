import { describe, expect, it } from 'vitest';
import { OptionCache } from '../options/option-cache.js';
import type { OptionStore } from '../ports/documents/option-store.js';
import { costOf, priceContent, priceOther, quoteFor } from './pricing.js';

/** A caller of the user group `group` calling in that same group. */
const inGroup = (group: string) => ({ group, user: { group } });

async function optionsWith(values: Record<string, string>): Promise<OptionCache> {
  const store: OptionStore = { all: async () => values, set: async () => {} };
  const cache = new OptionCache(store);
  await cache.reload();
  return cache;
}

describe('pricing', () => {
  it('CacheRatio, CreateCacheRatio, AudioRatio, AudioCompletionRatio: given them, bills those tokens at their ratios inside the prompt and completion', async () => {
    const options = await optionsWith({
      ModelRatio: '{"m":2}',
      CompletionRatio: '{"m":4}',
      CacheRatio: '{"m":0.5}',
      CreateCacheRatio: '{"m":1.25}',
      AudioRatio: '{"m":8}',
      AudioCompletionRatio: '{"m":2}',
    });
    const quote = quoteFor(options, 'm', inGroup('default'))!;
    // prompt: 100 plain + 40 cached x 0.5 + 8 written x 1.25 + 2 audio x 8 = 146; completion: 10 plain + 5 audio x 2 = 20
    const usage = { promptTokens: 150, completionTokens: 15, cachedPromptTokens: 40, cacheWriteTokens: 8, audioPromptTokens: 2, audioCompletionTokens: 5 };
    expect(costOf(quote, usage)).toBe((146 + 20 * 4) * 2);
    expect(priceOther(quote, 7, usage)).toMatchObject({ cache_tokens: 40, cache_ratio: 0.5, cache_creation_tokens: 8, cache_creation_ratio: 1.25, audio_input: 2, audio_ratio: 8, audio_output: 5, audio_completion_ratio: 2 });
  });

  it('bills cached tokens as ordinary ones for a model without a cache ratio', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":1}' }), 'm', inGroup('default'))!;
    expect(costOf(quote, { promptTokens: 100, completionTokens: 0, cachedPromptTokens: 60 })).toBe(100);
    expect(priceOther(quote, 0, { promptTokens: 100, completionTokens: 0 })).not.toHaveProperty('cache_tokens');
  });

  it('given ratios, bills (prompt + completion x completion ratio) x model ratio x group ratio', async () => {
    const options = await optionsWith({ ModelRatio: '{"m":2}', CompletionRatio: '{"m":3}', GroupRatio: '{"vip":1.5}' });
    const quote = quoteFor(options, 'm', inGroup('vip'));
    expect(quote).toMatchObject({ modelRatio: 2, completionRatio: 3, groupRatio: 1.5, modelPrice: -1 });
    expect(costOf(quote!, { promptTokens: 10, completionTokens: 20 })).toBe(210);
  });

  it('given no completion ratio, completion tokens weigh like prompt tokens; an unknown group has ratio 1', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":0.5}', CompletionRatio: '{}' }), 'm', inGroup('nowhere'));
    expect(costOf(quote!, { promptTokens: 7, completionTokens: 9 })).toBe(8);
  });

  it('given a per-call price, bills price x quota per unit x group ratio whatever the tokens', async () => {
    const options = await optionsWith({ ModelPrice: '{"img":0.02}', QuotaPerUnit: '500000', GroupRatio: '{"default":2}' });
    const quote = quoteFor(options, 'img', inGroup('default'));
    expect(costOf(quote!, { promptTokens: 1000, completionTokens: 1000 })).toBe(20_000);
    expect(priceContent(quote!)).toBe('模型价格 0.02，分组倍率 2.00');
  });

  it('given a model with neither ratio nor price, quotes nothing (the relay refuses it)', async () => {
    expect(quoteFor(await optionsWith({ ModelRatio: '{}' }), 'unpriced', inGroup('default'))).toBeNull();
  });

  it('never bills a non-empty request at 0 because of rounding', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"tiny":0.001}' }), 'tiny', inGroup('default'));
    expect(costOf(quote!, { promptTokens: 3, completionTokens: 0 })).toBe(1);
    expect(costOf(quote!, { promptTokens: 0, completionTokens: 0 })).toBe(0);
  });

  it('rounds half away from zero, as the wire-compatible gateway does', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":1.25}', CompletionRatio: '{"m":1}' }), 'm', inGroup('default'));
    expect(quote && costOf(quote, { promptTokens: 1, completionTokens: 1 })).toBe(3);
    expect(quote && costOf(quote, { promptTokens: 1, completionTokens: 0 })).toBe(1);
  });

  it('writes the content and other JSON the log shows', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":2}', CompletionRatio: '{"m":3}' }), 'm', inGroup('default'));
    expect(priceContent(quote!)).toBe('模型倍率 2.00，补全倍率 3.00，分组倍率 1.00');
    expect(priceOther(quote!, 42)).toEqual({ model_ratio: 2, completion_ratio: 3, group_ratio: 1, model_price: -1, frt: 42 });
  });
});

describe('cache writes kept an hour, and server tools', () => {
  it('CreateCacheRatio: given 200 of 300 written tokens kept an hour, then those cost 1.6 times the write ratio', async () => {
    const quote = quoteFor(await optionsWith({ ModelRatio: '{"m":1}', CompletionRatio: '{"m":1}', CreateCacheRatio: '{"m":1.25}' }), 'm', inGroup('default'))!;
    const usage = { promptTokens: 310, completionTokens: 0, cacheWriteTokens: 300, cacheWrite1hTokens: 200 };
    expect(costOf(quote, usage)).toBe(Math.round(10 + 100 * 1.25 + 200 * 1.25 * 1.6));
    expect(priceOther(quote, 0, usage)).toMatchObject({ cache_creation_tokens_1h: 200, cache_creation_ratio_1h: 2 });
  });

  it.each([
    ['gpt-4o', '{}', 25],
    ['gpt-5-mini', '{}', 10],
    ['o3-pro', '{}', 10],
    ['gpt-4o', '{"web_search_preview:gpt-4o*": 30}', 30],
    ['gpt-4o-mini', '{"web_search_preview:gpt-4o*": 30, "web_search_preview:gpt-4o-mini*": 20}', 20],
  ])('tool_price_setting.prices: given %s and %s, then a web search costs $%d per 1,000 on top of the tokens, in the log row too', async (model, prices, perThousand) => {
    const options = await optionsWith({ ModelRatio: JSON.stringify({ [model]: 1 }), CompletionRatio: JSON.stringify({ [model]: 1 }), 'tool_price_setting.prices': prices });
    const quote = quoteFor(options, model, inGroup('default'))!;
    const usage = { promptTokens: 10, completionTokens: 10, toolCalls: { web_search_preview: 3 } };
    expect(costOf(quote, usage)).toBe(Math.round(20 + ((3 * perThousand) / 1000) * 500_000));
    expect(priceOther(quote, 0, usage)).toMatchObject({ web_search_preview_call_count: 3, web_search_preview_price: perThousand });
  });

  it("given Claude's web searches on a per-call price, then each adds $10 per 1,000", async () => {
    const quote = quoteFor(await optionsWith({ ModelPrice: '{"c":0.01}' }), 'c', inGroup('default'))!;
    expect(costOf(quote, { promptTokens: 0, completionTokens: 0, toolCalls: { web_search: 2 } })).toBe(Math.round(0.01 * 500_000 + 0.02 * 500_000));
  });
});
