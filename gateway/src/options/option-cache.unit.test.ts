import { describe, expect, it } from 'vitest';
import type { OptionStore } from '../ports/documents/option-store.js';
import { OptionCache } from './option-cache.js';

/** A store another tool (or an older build) may have written anything into. */
function storeHolding(values: Record<string, string>): OptionStore {
  return { all: async () => ({ ...values }), set: async (key, value) => void (values[key] = value) };
}

describe('the option cache', () => {
  it('given a bad value in the store, when it reloads, then the value in force stays and the refusal is reported', async () => {
    const stored: Record<string, string> = { GroupRatio: '{"default":1.5}' };
    const cache = new OptionCache(storeHolding(stored));
    await cache.reload();
    stored.GroupRatio = '{"default":"cheap"}';
    stored.RetryTimes = '2';
    expect(await cache.reload()).toEqual([{ key: 'GroupRatio', problem: 'GroupRatio 必须是 JSON 对象，且每个值都是非负数' }]);
    expect(cache.numberMap('GroupRatio')).toEqual({ default: 1.5 });
    expect(cache.number('RetryTimes')).toBe(2);
  });

  it('given a bad value in the store at start, then the default is in force', async () => {
    const cache = new OptionCache(storeHolding({ QuotaPerUnit: '0', PreConsumedQuota: 'lots' }));
    expect((await cache.reload()).map((r) => r.key)).toEqual(['QuotaPerUnit', 'PreConsumedQuota']);
    expect(cache.number('QuotaPerUnit')).toBe(500000);
    expect(cache.number('PreConsumedQuota')).toBe(500);
  });

  it('given JSON maps keyed by prototype names, then they are own entries and no other name finds the prototype (issue #33)', async () => {
    const cache = new OptionCache(storeHolding({ ModelRatio: '{"__proto__":2,"constructor":3}', GroupRatio: '{"default":1}' }));
    expect(await cache.reload()).toEqual([]);
    const ratios = cache.numberMap('ModelRatio');
    expect([ratios['__proto__'], ratios['constructor'], ratios['toString'], ratios['hasOwnProperty']]).toEqual([2, 3, undefined, undefined]);
    expect(cache.numberMap('GroupRatio')['valueOf']).toBeUndefined();
    expect(cache.string('toString')).toBe('');
  });

  it('given a key this build does not know (a migrated database), then it is left out', async () => {
    const cache = new OptionCache(storeHolding({ SomeOtherGatewaysOption: 'x' }));
    expect(await cache.reload()).toEqual([{ key: 'SomeOtherGatewaysOption', problem: '未知的配置项：SomeOtherGatewaysOption' }]);
    expect(cache.all()).not.toHaveProperty('SomeOtherGatewaysOption');
  });

  it('given a parsed read, then the parser runs once per text of the option, and again after a change', async () => {
    const cache = new OptionCache(storeHolding({ AutoGroups: '["vip","default"]' }));
    await cache.reload();
    const texts: string[] = [];
    const parse = (text: string) => {
      texts.push(text);
      return (JSON.parse(text) as string[]).length;
    };
    expect([cache.parsed('AutoGroups', parse), cache.parsed('AutoGroups', parse)]).toEqual([2, 2]);
    await cache.set('AutoGroups', '["default"]');
    expect([cache.parsed('AutoGroups', parse), cache.parsed('AutoGroups', parse)]).toEqual([1, 1]);
    expect(texts).toEqual(['["vip","default"]', '["default"]']);
    // Another parser of the same key is never handed the first one's value.
    expect(cache.parsed('AutoGroups', (text) => text.length)).toBe('["default"]'.length);
  });
});
