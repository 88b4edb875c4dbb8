/** An online top-up order's status, as new-api keeps it. */
export const TopUpStatus = { Pending: 'pending', Success: 'success', Expired: 'expired' } as const;

/** One online payment: `amount` quota units bought for `money` (in the operator's currency). */
export interface TopUpOrder {
  id: number;
  userId: number;
  /** Quota units (multiplied by QuotaPerUnit when credited). */
  amount: number;
  money: number;
  /** Ours, sent to the payment provider as out_trade_no. */
  tradeNo: string;
  paymentMethod: string;
  createTime: number;
  completeTime: number;
  status: string;
  /** Stripe and Creem: the provider's checkout id (cs_…, ch_…), which the signed webhook must name. */
  checkoutId?: string;
  /** What the provider was asked to charge, in the currency's minor unit (cents), and the currency (lowercase ISO). */
  checkoutAmount?: number;
  checkoutCurrency?: string;
  /** The quota the order credits once paid, fixed when it was placed; an order without one credits amount × QuotaPerUnit (Epay's). */
  quota?: number;
  /** A plan's order (issue #41): once paid it starts a subscription to the plan, and credits no quota. */
  planId?: number;
}

/** The provider's side of an order, absent for Epay and for orders imported from new-api. */
export type OrderCheckout = Required<Pick<TopUpOrder, 'checkoutId' | 'checkoutAmount' | 'checkoutCurrency' | 'quota'>>;

export type NewTopUpOrder = Pick<TopUpOrder, 'userId' | 'amount' | 'money' | 'tradeNo' | 'paymentMethod' | 'createTime'> & Partial<OrderCheckout> & Pick<TopUpOrder, 'planId'>;

export interface TopUpFilter {
  userId?: number;
  tradeNo?: string;
}

export interface TopUpStore {
  create(order: NewTopUpOrder): Promise<TopUpOrder>;
  byTradeNo(tradeNo: string): Promise<TopUpOrder | null>;
  /**
   * Marks a pending order paid and returns it, or null when the order is unknown or already paid.
   * Exactly one of any number of concurrent calls wins, so a payment is credited once.
   */
  complete(tradeNo: string, nowSeconds: number): Promise<TopUpOrder | null>;
  /** Marks a pending order expired (its checkout lapsed unpaid, as Stripe says); false when it was not pending. */
  expire(tradeNo: string): Promise<boolean>;
  /** Orders newest first: one user's when `userId` is set, those whose trade number contains `tradeNo` when set. */
  list(filter: TopUpFilter, page: { offset: number; limit: number }): Promise<{ items: TopUpOrder[]; total: number }>;
  /** Inserts an order under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(order: TopUpOrder): Promise<boolean>;
}
