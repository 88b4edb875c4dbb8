import { z } from 'zod/mini';

/** How a model is billed (spec: pricing entry's quota_type): by the tokens used (ratios), or a fixed price per call (ModelPrice). */
export const QuotaType = { PerUsage: 0, PerCall: 1 } as const;
export type QuotaType = (typeof QuotaType)[keyof typeof QuotaType];

/** A model's price (spec: pricing entry), one per model an enabled channel serves, as new-api's /api/pricing lists it. */
export const priceEntrySchema = z.object({
  model_name: z.string(),
  quota_type: z.union([z.literal(QuotaType.PerUsage), z.literal(QuotaType.PerCall)]),
  /** Per-usage models: prompt tokens cost this times the base price (ratio 1 is $2 per 1M tokens). */
  model_ratio: z.number(),
  /** Per-usage models: completion tokens cost this times a prompt token. */
  completion_ratio: z.number(),
  /** Per-call models: USD per call. */
  model_price: z.number(),
  /** The groups whose channels serve the model, sorted. */
  enable_groups: z.array(z.string()),
  /** A model priced by an expression (new-api's `tiered_expr`) and that expression; absent for ratios and per-call prices. */
  billing_mode: z.optional(z.string()),
  billing_expr: z.optional(z.string()),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/**
 * The whole answer of GET /api/pricing: new-api puts the group ratios (the caller's own where
 * GroupGroupRatio names one) and the caller's usable groups (group -> label; a visitor's is
 * `default`) beside `data`, not inside it.
 */
export const pricingAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(priceEntrySchema),
  group_ratio: z.record(z.string(), z.number()),
  usable_group: z.record(z.string(), z.string()),
  /** The groups an `auto` key of the caller tries, in order (new-api's GetUserAutoGroup). */
  auto_groups: z.array(z.string()),
});
export type PricingAnswer = z.infer<typeof pricingAnswerSchema>;
