import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenKey, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/** The legacy OpenAI billing endpoints clients call with a key to show what is left. */
const QUOTA = 1_000_000; // the key's grant: two dollars at the default 500000 quota per unit
const USER_QUOTA = 3_000_000; // its owner's: six dollars, so a reader can tell which one is reported
const COST = 5 + 7; // the mock's usage at ratio 1
const EXPIRES = Math.floor(Date.now() / 1000) + 86_400;

describe('/dashboard/billing/subscription and /usage', () => {
  let fixture: EmbeddedFixture;
  let key: string;
  const get = async (path: string) => {
    const response = await fetch(fixture.tollgate.url + path, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.status, body: (await response.json()) as Record<string, number | string | boolean> };
  };
  const setOption = (key: string, value: string) => fixture.root.must('PUT', '/api/option/', { key, value });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    const bea = await userWithQuota(fixture, 'billing-bea', USER_QUOTA);
    ({ key } = await createTokenKey(bea, { name: 'bea-key', remain_quota: QUOTA, expired_time: EXPIRES }));
    const call = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    await eventually(async () => ((await get('/v1/dashboard/billing/usage')).body.total_usage === (COST / 500_000) * 100 ? true : undefined));
  });

  afterAll(async () => fixture?.close());

  it('DisplayTokenStatEnabled on: reports the token\'s grant in dollars, its expiry and its spend in cents, on both paths', async () => {
    for (const prefix of ['', '/v1']) {
      const subscription = await get(`${prefix}/dashboard/billing/subscription`);
      expect(subscription.status).toBe(200);
      expect(subscription.body).toMatchObject({ object: 'billing_subscription', has_payment_method: true, hard_limit_usd: 2, soft_limit_usd: 2, access_until: EXPIRES });
      expect((await get(`${prefix}/dashboard/billing/usage`)).body).toEqual({ object: 'list', total_usage: (COST / 500_000) * 100 });
    }
  });

  it('DisplayInCurrencyEnabled off: speaks in quota', async () => {
    await setOption('DisplayInCurrencyEnabled', 'false');
    try {
      expect((await get('/v1/dashboard/billing/subscription')).body.hard_limit_usd).toBe(QUOTA);
      expect((await get('/v1/dashboard/billing/usage')).body.total_usage).toBe(COST * 100);
    } finally {
      await setOption('DisplayInCurrencyEnabled', 'true');
    }
  });

  it('DisplayTokenStatEnabled off: reports the key\'s owner, with no expiry, rather than the key', async () => {
    await setOption('DisplayTokenStatEnabled', 'false');
    try {
      // The user holds what root granted less the spend, and has spent it: its grant is USER_QUOTA.
      expect((await get('/v1/dashboard/billing/subscription')).body).toMatchObject({ hard_limit_usd: 6, access_until: 0 });
      expect((await get('/v1/dashboard/billing/usage')).body.total_usage).toBe((COST / 500_000) * 100);
    } finally {
      await setOption('DisplayTokenStatEnabled', 'true');
    }
  });

  it('refuses a call without a valid key in OpenAI\'s error shape', async () => {
    key = 'sk-not-a-key';
    const answer = await get('/v1/dashboard/billing/subscription');
    expect(answer.status).toBe(401);
    expect(answer.body).toHaveProperty('error');
  });
});
