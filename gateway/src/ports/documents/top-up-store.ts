/** An online top-up order's status, as new-api keeps it. */
export const TopUpStatus = { Pending: 'pending', Success: 'success' } as const;

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
}

export type NewTopUpOrder = Pick<TopUpOrder, 'userId' | 'amount' | 'money' | 'tradeNo' | 'paymentMethod' | 'createTime'>;

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
  /** Orders newest first: one user's when `userId` is set, those whose trade number contains `tradeNo` when set. */
  list(filter: TopUpFilter, page: { offset: number; limit: number }): Promise<{ items: TopUpOrder[]; total: number }>;
  /** Inserts an order under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(order: TopUpOrder): Promise<boolean>;
}
