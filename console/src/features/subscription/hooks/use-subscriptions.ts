import { useQuery } from '@tanstack/react-query';
import { subscriptionApi } from '../api';

export const subscriptionKeys = {
  plans: ['subscription', 'plans'] as const,
  self: ['subscription', 'self'] as const,
  payFlags: ['subscription', 'pay-flags'] as const,
  adminPlans: ['subscription', 'admin-plans'] as const,
  ofUser: (userId: number) => ['subscription', 'user', userId] as const,
};

/** The plans on sale. */
export function usePlans() {
  return useQuery({ queryKey: subscriptionKeys.plans, queryFn: subscriptionApi.plans });
}

/** The signed-in user's subscriptions (active and past) and billing preference. */
export function useSubscriptionSelf() {
  return useQuery({ queryKey: subscriptionKeys.self, queryFn: subscriptionApi.self });
}

/** Which payment providers are switched on, so a plan offers only those. */
export function usePayFlags() {
  return useQuery({ queryKey: subscriptionKeys.payFlags, queryFn: subscriptionApi.payFlags });
}

/** Every plan, enabled or not (admin). */
export function useAdminPlans() {
  return useQuery({ queryKey: subscriptionKeys.adminPlans, queryFn: subscriptionApi.adminPlans });
}

/** One user's subscriptions (admin). */
export function useUserSubscriptions(userId: number | null) {
  return useQuery({ queryKey: subscriptionKeys.ofUser(userId ?? 0), queryFn: () => subscriptionApi.userSubscriptions(userId ?? 0), enabled: userId !== null && userId > 0 });
}
