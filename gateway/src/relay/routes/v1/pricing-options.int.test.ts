import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

/**
 * The price options as an operator changes them on a running relay: each saved value prices the
 * very next call. The mock upstream reports 5 prompt and 7 completion tokens.
 */
const PRICING = {
  ModelRatio: JSON.stringify({ 'test-model': 2.5 }),
  CompletionRatio: JSON.stringify({ 'test-model': 2 }),
  GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
};
const chat = (model = 'test-model') => ({ model, messages: [{ role: 'user', content: 'Say hello' }] });

async function relayWithKey(keyGroup = '') {
  const h = await buildRelayHarness(PRICING);
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id, { group: keyGroup });
  await h.addChannel({ models: 'test-model,flat-model', group: 'default,vip' });
  const charge = async () => {
    const before = (await h.usageEvents()).length;
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect(response.statusCode).toBe(200);
    const events = await h.usageEvents();
    expect(events).toHaveLength(before + 1);
    return events.at(-1)?.data.quota;
  };
  return { h, user, bearer, charge };
}

describe('price options on a running relay', () => {
  it('ImageRatio: image input tokens are billed at the model\'s image ratio, the other prompt tokens as before', async () => {
    const { h, charge } = await relayWithKey();
    h.upstream.configure({ promptTokens: 5, imageTokens: 4 });
    expect(await charge()).toBe(48); // no ratio for the model: images count as text, (5 + 14) x 2.5
    await h.deps.options.set('ImageRatio', JSON.stringify({ 'test-model': 3 }));
    expect(await charge()).toBe(68); // (1 text + 4 images x 3 + 7 x 2) x 2.5 = 67.5, rounded
  });

  it('SelfUseModeEnabled: a model with no ratio or price is refused, and in self-use mode served at ratio 37.5', async () => {
    const { h, bearer } = await relayWithKey();
    const unpriced = await h.post('/v1/chat/completions', bearer, chat('flat-model'));
    expect(unpriced.statusCode).toBe(400);
    await h.deps.options.set('SelfUseModeEnabled', 'true');
    const served = await h.post('/v1/chat/completions', bearer, chat('flat-model'));
    expect(served.statusCode).toBe(200);
    expect((await h.usageEvents()).at(-1)?.data.quota).toBe(450); // (5 + 7) x 37.5
  });

  it('ModelRatio, CompletionRatio: a saved change prices the next call', async () => {
    const { h, charge } = await relayWithKey();
    expect(await charge()).toBe(48); // (5 + 7 x 2) x 2.5 = 47.5, rounded half away from zero
    await h.deps.options.set('ModelRatio', JSON.stringify({ 'test-model': 5 }));
    expect(await charge()).toBe(95); // (5 + 14) x 5
    await h.deps.options.set('CompletionRatio', JSON.stringify({ 'test-model': 3 }));
    expect(await charge()).toBe(130); // (5 + 21) x 5
  });

  it('ModelPrice: a per-call price overrides the model ratio, and taking it out brings the ratio back', async () => {
    const { h, charge } = await relayWithKey();
    await h.deps.options.set('ModelPrice', JSON.stringify({ 'test-model': 0.01 }));
    expect(await charge()).toBe(5_000); // 0.01 x QuotaPerUnit 500,000, whatever the tokens
    expect((await h.usageEvents()).at(-1)?.data.content).toBe('模型价格 0.01，分组倍率 1.00');
    await h.deps.options.set('ModelPrice', '{}');
    expect(await charge()).toBe(48);
  });

  it('billing_setting.billing_mode, billing_setting.billing_expr: a model in tiered_expr mode is priced by its expression, its tier in the log row', async () => {
    const { h, charge } = await relayWithKey('vip');
    await h.deps.options.set('billing_setting.billing_expr', JSON.stringify({ 'test-model': 'len <= 4 ? tier("short", p * 2 + c * 8) : tier("long", p * 4 + c * 16)' }));
    expect(await charge()).toBe(71); // the mode is not set yet: ratios as before
    await h.deps.options.set('billing_setting.billing_mode', JSON.stringify({ 'test-model': 'tiered_expr' }));
    // 5 prompt tokens: past 4, the long tier; (5 x $4 + 7 x $16) per 1M = 132e-6 USD x 500,000 quota per USD x vip's 1.5
    expect(await charge()).toBe(Math.round((132 / 1e6) * 500_000 * 1.5));
    const row = (await h.usageEvents()).at(-1)?.data;
    expect(row?.other).toMatchObject({ billing_mode: 'tiered_expr', matched_tier: 'long', group_ratio: 1.5 });
    expect(Buffer.from(String(row?.other.expr_b64), 'base64').toString()).toContain('tier("long"');
  });

  it("GroupRatio: a saved change reprices the next call of the key's group", async () => {
    const { h, charge } = await relayWithKey('vip');
    expect(await charge()).toBe(71); // 47.5 x 1.5 = 71.25
    await h.deps.options.set('GroupRatio', JSON.stringify({ default: 1, vip: 0.5 }));
    expect(await charge()).toBe(24); // 47.5 x 0.5 = 23.75
  });
});

describe("a key's group on a running relay", () => {
  const refusal = (message: string) => ({ error: { message, type: 'new_api_error', param: '', code: 'group_not_allowed' } });

  it('UserUsableGroups: a key made for a group the operator then withdraws is refused with 403, for nothing', async () => {
    const { h, user, bearer, charge } = await relayWithKey('vip');
    await charge();
    await h.deps.options.set('UserUsableGroups', JSON.stringify({ default: '默认分组' }));
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect([response.statusCode, response.json()]).toEqual([403, refusal('令牌分组 vip 已被禁用')]);
    expect(h.upstream.requests).toHaveLength(1);
    expect(await h.usageEvents()).toHaveLength(1);
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000 - 71);
  });

  it('GroupRatio: a key whose group lost its ratio is refused with 403 (the group is retired)', async () => {
    const { h, bearer } = await relayWithKey('vip');
    await h.deps.options.set('GroupRatio', JSON.stringify({ default: 1 }));
    const response = await h.post('/v1/chat/completions', bearer, chat());
    expect([response.statusCode, response.json()]).toEqual([403, refusal('分组 vip 已被弃用')]);
    expect(h.upstream.requests).toHaveLength(0);
  });
});

describe('the hold before the upstream answers', () => {
  it('ModelMaxOutputTokens: bounds the worst case of a call that sets no max_tokens, and a saved value sizes the very next hold', async () => {
    const h = await buildRelayHarness({ ...PRICING, PreConsumedQuota: '0', ModelMaxOutputTokens: '{"test-model":100}' }, { latencyMs: 300 });
    const user = await h.addUser({ quota: 100_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'test-model' });
    const heldInFlight = async () => {
      const call = h.post('/v1/chat/completions', bearer, chat());
      await new Promise((r) => setTimeout(r, 150));
      const held = 100_000 - ((await h.deps.holds.available(user.id)) ?? 0);
      expect((await call).statusCode).toBe(200);
      await h.usageEvents();
      return held;
    };
    // ('Say hello' = 3 prompt tokens, each as dear as a cache write: 1.25 -> 4, + 100 x 2) x 2.5
    expect(await heldInFlight()).toBe(510);
    await h.deps.options.set('ModelMaxOutputTokens', '{"test-model":40}');
    expect(await heldInFlight()).toBe(48 + 210); // the first call's charge, and (4 + 40 x 2) x 2.5
  });

  it('PreConsumedQuota: the worst case counts at least that many prompt tokens where the balance allows, and never refuses the call the last quota pays for', async () => {
    const h = await buildRelayHarness({ ...PRICING, PreConsumedQuota: '700' }, { latencyMs: 300 });
    const rich = await h.addUser({ quota: 100_000 });
    const { bearer } = await h.addKey(rich.id);
    await h.addChannel({ models: 'test-model' });
    const call = h.post('/v1/chat/completions', bearer, { ...chat(), max_tokens: 100 });
    await new Promise((r) => setTimeout(r, 150));
    expect(await h.deps.holds.available(rich.id)).toBe(100_000 - Math.round((700 * 1.25 + 100 * 2) * 2.5)); // held in flight, every prompt token as dear as a cache write
    expect((await call).statusCode).toBe(200);
    expect(await h.deps.holds.available(rich.id)).toBe(100_000 - 48); // the hold became the actual cost

    const poor = await h.addUser({ quota: 48 }); // one call's cost: below the 2,250 worst case, above the prompt
    const poorKey = await h.addKey(poor.id);
    expect((await h.post('/v1/chat/completions', poorKey.bearer, { ...chat(), max_tokens: 100 })).statusCode).toBe(200);
    expect((await h.usageEvents()).map((e) => e.data.quota)).toEqual([48, 48]);
    expect(await h.deps.holds.available(poor.id)).toBe(0);
  });
});
