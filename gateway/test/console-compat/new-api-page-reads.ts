import { z } from 'zod';

/**
 * What new-api's console pages read from each answer (QuantumNous/new-api web/src: the top-up
 * page's SubscriptionPlansCard and SubscriptionPurchaseModal, the admin's subscriptions table and
 * AddEditSubscriptionModal, the users table's UserSubscriptionsModal and BindSubscriptionModal, the
 * payment settings pages), field by field with the type the page uses. A field a page reads with
 * `|| 0` still must be there: a missing one shows 0, not the truth.
 */

/** A plan as the plan cards, the purchase modal, the editor (on edit) and the admin table read it. */
export const planRead = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  subtitle: z.string(),
  price_amount: z.number(),
  currency: z.string(),
  duration_unit: z.enum(['year', 'month', 'day', 'hour', 'custom']),
  duration_value: z.number().int(),
  custom_seconds: z.number().int(),
  enabled: z.boolean(),
  sort_order: z.number().int(),
  total_amount: z.number().int(),
  quota_reset_period: z.enum(['never', 'daily', 'weekly', 'monthly', 'custom']),
  quota_reset_custom_seconds: z.number().int(),
  max_purchase_per_user: z.number().int(),
  upgrade_group: z.string(),
  stripe_price_id: z.string(),
  creem_product_id: z.string(),
});

/** GET /api/subscription/plans and /api/subscription/admin/plans: `data` as a list of `{ plan }`. */
export const planListRead = z.array(z.object({ plan: planRead }));

/** One subscription as the plans card ("my subscriptions") and the admin's UserSubscriptionsModal read it. */
export const subscriptionRead = z.object({
  subscription: z.object({
    id: z.number().int().positive(),
    user_id: z.number().int().positive(),
    plan_id: z.number().int().positive(),
    status: z.enum(['active', 'expired', 'cancelled']),
    source: z.string(),
    start_time: z.number().int().positive(),
    end_time: z.number().int().positive(),
    amount_total: z.number().int(),
    amount_used: z.number().int(),
    last_reset_time: z.number().int(),
    next_reset_time: z.number().int(),
  }),
});

/** GET /api/subscription/self. */
export const selfRead = z.object({
  billing_preference: z.enum(['subscription_first', 'wallet_first', 'subscription_only', 'wallet_only']),
  subscriptions: z.array(subscriptionRead),
  all_subscriptions: z.array(subscriptionRead),
});

/** The checkouts: the page tests `message === 'success'` (not `success`), then opens `data`'s link or posts `data` to `url`. */
export const epayPayRead = z.object({ success: z.literal(true), message: z.literal('success'), url: z.url(), data: z.record(z.string(), z.string()) });
export const stripePayRead = z.object({ success: z.literal(true), message: z.literal('success'), data: z.object({ pay_link: z.url() }) });
export const creemPayRead = z.object({ success: z.literal(true), message: z.literal('success'), data: z.object({ checkout_url: z.url() }) });
/** A refused checkout: the page shows `data`, else `message`. */
export const payRefusedRead = z.object({ success: z.literal(false), message: z.string(), data: z.string().min(1) });

/** GET /api/user/topup/info, as the top-up page and its plans card read it. */
export const topUpInfoRead = z.object({
  enable_online_topup: z.boolean(),
  enable_stripe_topup: z.boolean(),
  enable_creem_topup: z.boolean(),
  pay_methods: z.array(z.object({ name: z.string(), type: z.string(), color: z.string().optional(), min_topup: z.union([z.string(), z.number()]).optional() })),
  min_topup: z.number(),
  stripe_min_topup: z.number(),
  amount_options: z.array(z.number()),
  discount: z.record(z.string(), z.number()),
  creem_products: z.string(),
});

/** GET /api/user/topup/self?p=&page_size= (the top-up history modal, where a plan's orders are listed too). */
export const topUpHistoryRead = z.object({
  items: z.array(z.object({ trade_no: z.string(), payment_method: z.string(), amount: z.number(), money: z.number(), status: z.string(), create_time: z.number().int() })),
  total: z.number().int(),
});

/** GET /api/pricing (the plan editor's model list) and GET /api/group (its upgrade_group choices). */
export const pricingRead = z.array(z.object({ model_name: z.string(), quota_type: z.number().int() }));
export const groupsRead = z.array(z.string());

/** GET /api/option/: the settings pages read `props.options[key]` from this list. */
export const optionsRead = z.array(z.object({ key: z.string(), value: z.string() }));
