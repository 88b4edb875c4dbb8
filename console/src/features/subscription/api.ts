import type { BillingPreference, SubscriptionPlan, SubscriptionSummary } from '@tollgate/wire';
import { api, apiEnvelope, ApiError } from '../../api/client';
import type { PaymentForm } from '../topup/api';

/** Where a provider's button sends the browser: a checkout page, or a form posted to the Epay gateway (tests pass their own). */
export interface Leave {
  checkout(url: string): void;
  form(form: PaymentForm): void;
}

/** A plan as new-api's calls list it: wrapped in `{ plan }`. */
export interface PlanEntry {
  plan: SubscriptionPlan;
}

/** GET /api/subscription/self. */
export interface SubscriptionSelf {
  billing_preference: BillingPreference;
  subscriptions: SubscriptionSummary[];
  all_subscriptions: SubscriptionSummary[];
}

/** The payment switches of GET /api/user/topup/info that decide which provider buttons a plan shows. */
export interface PayFlags {
  enable_online_topup: boolean;
  enable_stripe_topup: boolean;
  enable_creem_topup: boolean;
  /** Epay's methods when online top-up is on (Stripe's entry too, which has its own button). */
  pay_methods: { name: string; type: string }[];
}

/** The fields an admin edits (new-api's AdminUpsertSubscriptionPlanRequest's `plan`). */
export type PlanFields = Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;

/** A provider's checkout answers as new-api's: message 'success', the link in `data` (Epay: the form's fields, its address in `url`); a refusal's text in `data`. */
async function checkout<T>(path: string, body: object): Promise<{ data: T; url?: string }> {
  try {
    return (await apiEnvelope<T>('POST', path, body, { quiet: true })) as { data: T; url?: string };
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
  stripeLink: async (planId: number) => (await checkout<{ pay_link: string }>('/api/subscription/stripe/pay', { plan_id: planId })).data.pay_link,
  creemLink: async (planId: number) => (await checkout<{ checkout_url: string }>('/api/subscription/creem/pay', { plan_id: planId })).data.checkout_url,
  /** The signed form to post to the Epay gateway for one plan. */
  epayForm: async (planId: number, method: string): Promise<PaymentForm> => {
    const answer = await checkout<Record<string, string>>('/api/subscription/epay/pay', { plan_id: planId, payment_method: method });
    return { url: answer.url ?? '', fields: answer.data };
  },

  adminPlans: () => api<PlanEntry[]>('GET', '/api/subscription/admin/plans'),
  createPlan: (plan: PlanFields) => api<SubscriptionPlan>('POST', '/api/subscription/admin/plans', { plan }),
  updatePlan: (id: number, plan: PlanFields) => api('PUT', `/api/subscription/admin/plans/${id}`, { plan }),
  setPlanEnabled: (id: number, enabled: boolean) => api('PATCH', `/api/subscription/admin/plans/${id}`, { enabled }),
  userSubscriptions: (userId: number) => api<SubscriptionSummary[]>('GET', `/api/subscription/admin/users/${userId}/subscriptions`),
  grant: (userId: number, planId: number) => api('POST', `/api/subscription/admin/users/${userId}/subscriptions`, { plan_id: planId }),
  invalidate: (subscriptionId: number) => api('POST', `/api/subscription/admin/user_subscriptions/${subscriptionId}/invalidate`),
};
