import { describe, expect, it } from 'vitest';
import { type PricingAnswer, pricingAnswerSchema, priceEntrySchema, QuotaType } from './price-entry.js';

/** A real answer of GET /api/pricing (gateway/test/billing/pricing-table.e2e.test.ts's table): one model per usage, one per call. */
const answered: PricingAnswer = {
  success: true,
  message: '',
  data: [
    { model_name: 'chat-a', quota_type: 0, model_ratio: 2.5, model_price: 0, completion_ratio: 4, enable_groups: ['default', 'vip'] },
    { model_name: 'image-b', quota_type: 1, model_ratio: 0, model_price: 0.04, completion_ratio: 1, enable_groups: ['default', 'vip'] },
  ],
  group_ratio: { default: 1, vip: 0.8 },
  usable_group: { default: '默认分组' },
  auto_groups: ['default'],
};

describe('pricing', () => {
  it('parses a real answer, through JSON, unchanged; quota_type names per usage and per call', () => {
    const parsed = pricingAnswerSchema.parse(JSON.parse(JSON.stringify(answered)));
    expect(parsed).toEqual(answered);
    expect(parsed.data.map((entry) => entry.quota_type)).toEqual([QuotaType.PerUsage, QuotaType.PerCall]);
  });

  it('refuses a quota_type it does not know, a renamed field, and the group maps missing', () => {
    const [entry] = answered.data;
    expect(priceEntrySchema.safeParse({ ...entry, quota_type: 2 }).success).toBe(false);
    const { model_price, ...withoutPrice } = answered.data[1] ?? {};
    expect(priceEntrySchema.safeParse({ ...withoutPrice, ModelPrice: model_price }).success).toBe(false);
    const { group_ratio: _ratios, ...withoutRatios } = answered;
    expect(pricingAnswerSchema.safeParse(withoutRatios).success).toBe(false);
  });
});
