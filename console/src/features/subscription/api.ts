import type { BillingPreference, PlanWindow, SubscriptionPlan, UserSubscription } from '@tollgate/wire';
import { api, apiEnvelope, ApiError } from '../../api/client';

/** A plan as new-api's calls list it: wrapped in `{ plan }`. */
export interface PlanEntry {
  plan: SubscriptionPlan;
}

/** A window of a subscription with what it counted, what is left (-1: no limit) and when it resets (seconds, 0: not running). */
export interface WindowSummary extends PlanWindow {
  amount_used: number;
  amount_left: number;
  next_reset_time: number;
}

export interface SubscriptionSummary {
  subscription: UserSubscription;
  windows: WindowSummary[];
}

/** GET /api/subscription/self. */
export interface SubscriptionSelf {
  billing_preference: BillingPreference;
  subscriptions: SubscriptionSummary[];
  all_subscriptions: SubscriptionSummary[];
}

/** The payment switches of GET /api/user/topup/info that decide which provider buttons a plan shows. */
export interface PayFlags {
  enable_stripe_topup: boolean;
  enable_creem_topup: boolean;
}

/** The fields an admin edits (new-api's AdminUpsertSubscriptionPlanRequest's `plan`). */
export type PlanFields = Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;

/** A provider's checkout answers as new-api's: message 'success', the link in `data`; a refusal's text in `data`. */
async function checkout<T>(path: string, planId: number): Promise<T> {
  try {
    return (await apiEnvelope<T>('POST', path, { plan_id: planId }, { quiet: true })).data;
  } catch (error) {
    const detail = error instanceof ApiError ? (error.payload as { data?: unknown } | undefined)?.data : undefined;
    throw new Error(typeof detail === 'string' ? detail : error instanceof Error ? error.message : String(error));
  }
}

/** new-api's subscription calls (controller/subscription*.go), user's and admin's. */
export const subscriptionApi = {
  plans: () => api<PlanEntry[]>('GET', '/api/subscription/plans'),
  self: () => api<SubscriptionSelf>('GET', '/api/subscription/self'),
  payFlags: () => api<PayFlags>('GET', '/api/user/topup/info'),
  setPreference: (preference: BillingPreference) => api<{ billing_preference: BillingPreference }>('PUT', '/api/subscription/self/preference', { billing_preference: preference }),
  payWithWallet: (planId: number) => api('POST', '/api/subscription/balance/pay', { plan_id: planId }),
  stripeLink: async (planId: number) => (await checkout<{ pay_link: string }>('/api/subscription/stripe/pay', planId)).pay_link,
  creemLink: async (planId: number) => (await checkout<{ checkout_url: string }>('/api/subscription/creem/pay', planId)).checkout_url,

  adminPlans: () => api<PlanEntry[]>('GET', '/api/subscription/admin/plans'),
  createPlan: (plan: PlanFields) => api<SubscriptionPlan>('POST', '/api/subscription/admin/plans', { plan }),
  updatePlan: (id: number, plan: PlanFields) => api('PUT', `/api/subscription/admin/plans/${id}`, { plan }),
  setPlanEnabled: (id: number, enabled: boolean) => api('PATCH', `/api/subscription/admin/plans/${id}`, { enabled }),
  userSubscriptions: (userId: number) => api<SubscriptionSummary[]>('GET', `/api/subscription/admin/users/${userId}/subscriptions`),
  grant: (userId: number, planId: number) => api('POST', `/api/subscription/admin/users/${userId}/subscriptions`, { plan_id: planId }),
  invalidate: (subscriptionId: number) => api('POST', `/api/subscription/admin/user_subscriptions/${subscriptionId}/invalidate`),
};
