import { pricingAnswerSchema } from '@tollgate/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';


describe('the pricing table', () => {
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    const { root } = fixture;
    await priceModels(fixture, { 'chat-a': 2.5 }, { 'chat-a': 4 });
    await root.must('PUT', '/api/option/', { key: 'ModelPrice', value: '{"image-b":0.04}' });
    await root.must('POST', '/api/channel/', { name: 'on', type: 1, key: 'k1', models: 'chat-a,image-b', group: 'default,vip' });
    await root.must('POST', '/api/channel/', { name: 'off', type: 1, key: 'k2', models: 'hidden-c', group: 'default' });
    const { items } = await root.must<{ items: { id: number; name: string }[] }>('GET', '/api/channel/?p=0&page_size=10');
    const off = items.find((c) => c.name === 'off');
    await root.must('PUT', '/api/channel/', { id: off?.id, status: 2 });
  });

  afterAll(async () => fixture?.close());

  it('lists the models of enabled channels with their billing, for a visitor in the default group', async () => {
    // GET /api/pricing as wire describes it: what the public pricing page shows.
    const answer = pricingAnswerSchema.parse(await (await fetch(`${fixture.tollgate.url}/api/pricing`)).json());
    expect(answer.success).toBe(true);
    expect(answer.data).toEqual([
      { model_name: 'chat-a', quota_type: 0, model_ratio: 2.5, model_price: 0, completion_ratio: 4, enable_groups: ['default', 'vip'] },
      { model_name: 'image-b', quota_type: 1, model_ratio: 0, model_price: 0.04, completion_ratio: 1, enable_groups: ['default', 'vip'] },
    ]);
    expect(answer.group_ratio).toMatchObject({ default: 1 });
    expect(Object.keys(answer.usable_group)).toEqual(['default']);
  });

  it('shows a signed-in user the groups they may use', async () => {
    const user = await userWithQuota(fixture, 'olga', 0);
    const answer = pricingAnswerSchema.parse(await (await user.send('GET', '/api/pricing')).json());
    expect(Object.keys(answer.usable_group).sort()).toEqual(['default', 'vip']);
  });
});
