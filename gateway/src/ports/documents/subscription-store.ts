import type { SubscriptionPlan, UserSubscription } from '@tollgate/wire';

export type NewPlan = Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;
export type NewUserSubscription = Omit<UserSubscription, 'id' | 'status' | 'created_at' | 'updated_at'>;
/** How a subscription ends before its time: an admin invalidates it, or the user cancels it. */
export type EndedStatus = Exclude<UserSubscription['status'], 'active'>;

/**
 * Plans and the subscriptions bought or granted from them (issue #41), on new-api's shapes.
 * A subscription keeps the plan's windows as they were when it began, so editing a plan changes
 * only what later buyers get. The money never lives here: the wallet's debit is a ledger event,
 * what a window counted lives in the hold store.
 */
export interface SubscriptionStore {
  createPlan(plan: NewPlan, nowSeconds: number): Promise<SubscriptionPlan>;
  /** Replaces a plan's fields; null when there is no such plan. */
  updatePlan(id: number, plan: NewPlan, nowSeconds: number): Promise<SubscriptionPlan | null>;
  /** new-api's PATCH: a plan is never deleted (orders name it), only disabled; false when there is no such plan. */
  setPlanEnabled(id: number, enabled: boolean, nowSeconds: number): Promise<boolean>;
  planById(id: number): Promise<SubscriptionPlan | null>;
  /** A plan brought from new-api under its own id (the import); false when that id is taken. Later plans are numbered past it. */
  restorePlan(plan: SubscriptionPlan): Promise<boolean>;
  /** By sort_order then id, both descending, as new-api lists them; the enabled ones alone when asked. */
  listPlans(filter: { enabledOnly: boolean }): Promise<SubscriptionPlan[]>;
  /**
   * Starts a subscription. With `once` (a paid order's trade number), at most one subscription is
   * ever started for that key, however many callers race or retry after a crash: each gets that
   * one back, so a payment delivered twenty times starts one subscription.
   */
  create(subscription: NewUserSubscription, nowSeconds: number, once?: string): Promise<UserSubscription>;
  /**
   * Starts a subscription unless the user already holds `limit` subscriptions of its plan
   * (max_purchase_per_user, whatever their status), counted and taken in one step: purchases at
   * the same time cannot pass it together. Null when the limit is reached.
   */
  createWithin(subscription: NewUserSubscription, nowSeconds: number, limit: number): Promise<UserSubscription | null>;
  byId(id: number): Promise<UserSubscription | null>;
  /** A subscription brought from new-api under its own id, whatever its status (the import); false when that id is taken. */
  restore(subscription: UserSubscription): Promise<boolean>;
  /** A user's subscriptions, whatever their status, by end_time then id, both descending. */
  listByUser(userId: number): Promise<UserSubscription[]>;
  /** Ends an active subscription, once: false when it was not active (already ended, or unknown). */
  end(id: number, status: EndedStatus, nowSeconds: number): Promise<boolean>;
  /** How many subscriptions of a plan a user holds, whatever their status (the plan's max_purchase_per_user). */
  countByUserPlan(userId: number, planId: number): Promise<number>;
}
