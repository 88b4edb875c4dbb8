/** Redemption status of the spec: 1 unused, 2 disabled, 3 used. */
export const RedemptionStatus = { Unused: 1, Disabled: 2, Used: 3 } as const;

/** A redemption code: `quota` credited once to whoever redeems it first. */
export interface Redemption {
  id: number;
  /** The administrator who created it. */
  userId: number;
  /** 32 hexadecimal characters. */
  key: string;
  name: string;
  status: number;
  quota: number;
  createdTime: number;
  redeemedTime: number;
  usedUserId: number;
  /** Epoch seconds after which the code no longer redeems (new-api's expired_time); 0 never expires. */
  expiredTime: number;
}

export type NewRedemption = Omit<Redemption, 'id' | 'redeemedTime' | 'usedUserId' | 'status' | 'expiredTime'> & { expiredTime?: number };

/** Whether a code with this expiry has expired at `nowSeconds` (new-api: expired_time != 0 and before now). */
export const isExpired = (redemption: Pick<Redemption, 'expiredTime'>, nowSeconds: number): boolean => redemption.expiredTime !== 0 && redemption.expiredTime < nowSeconds;

export interface RedeemedFilter {
  usedUserId?: number;
  name?: string;
}

export interface RedemptionStore {
  create(redemption: NewRedemption): Promise<Redemption>;
  byId(id: number): Promise<Redemption | null>;
  byKey(key: string): Promise<Redemption | null>;
  update(id: number, patch: Partial<Pick<Redemption, 'name' | 'quota' | 'status' | 'expiredTime'>>): Promise<Redemption | null>;
  delete(id: number): Promise<boolean>;
  /** Newest first; `keyword` matches the id or a part of the name. */
  list(query: { offset: number; limit: number; keyword?: string }): Promise<{ items: Redemption[]; total: number }>;
  /**
   * Used codes, the latest redeemed first (then the highest id): one user's when `usedUserId` is
   * set, those whose name contains `name` when set. The top-up history lists them beside online orders.
   */
  listRedeemed(filter: RedeemedFilter, page: { offset: number; limit: number }): Promise<{ items: Redemption[]; total: number }>;
  /**
   * Marks an unused, unexpired code used by `userId` and returns it, or null when the code is
   * unknown, disabled, already used or expired at `nowSeconds`. Exactly one of any number of
   * concurrent calls wins.
   */
  redeem(key: string, userId: number, nowSeconds: number): Promise<Redemption | null>;
  /** Inserts a code under its own id (an import from new-api) unless that id is taken; false when it was. */
  restore(redemption: Redemption): Promise<boolean>;
}
