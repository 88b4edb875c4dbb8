import type { BalancesChanged, SettledHold, TokenBalance, UserBalance } from '@tollgate/ledger';

/** A hold and the user whose balance it is on: Redis keeps each user's holds in one slot, found by the user. */
export type HoldRef = SettledHold;

/** `granted`: what the hold took, between the request's least and most; `subscriptionId`: the subscription it took it from, absent when the wallet pays. */
export type AcquireResult =
  | { ok: true; granted: number; subscriptionId?: number }
  | { ok: false; reason: 'user_quota' | 'token_quota' | 'subscription_quota' | 'balance_unknown' }
  /** Hot state kept the hold on its primary only (no replica confirmed it in time): given back, and the call refused. */
  | { ok: false; reason: 'unconfirmed' };

/**
 * Which balances a hold takes from: a relayed call's, the user's and the token's; an admin's debit
 * or an invite transfer, the user's alone (its tokenId is 0); a token's lowered quota, the token's
 * alone (its userId is the token's owner, whose quota it does not touch).
 */
export type HoldScope = 'user-and-token' | 'user' | 'token';

/**
 * One quota window of a subscription (issue #41): at most `limit` between its start and `endsAt`.
 * `key` names the window once and for all (its subscription, which window, its start), so every
 * gateway counts the same window under the same key and a new window starts from nothing.
 */
export interface SubscriptionWindow {
  key: string;
  limit: number;
  /** Milliseconds since the epoch: the window's end, when what it counted is forgotten. */
  endsAt: number;
}

/** A subscription that may pay for the call, with every window the call counts against. */
export interface SubscriptionPocket {
  subscriptionId: number;
  windows: SubscriptionWindow[];
}

/**
 * Who pays, in the user's order (new-api's billing preference): the first subscription whose
 * every window has room for `least`, else the wallet ('subscription_first'); the wallet, else a
 * subscription ('wallet_first'); a subscription or nothing ('subscription_only').
 */
export interface Pockets {
  order: 'subscription_first' | 'wallet_first' | 'subscription_only';
  subscriptions: SubscriptionPocket[];
}

export interface HoldRequest {
  holdId: string;
  /** The user whose balance it takes from; for a hold on a token alone, the token's owner. */
  userId: number;
  tokenId: number;
  /** Default: 'user-and-token'. */
  scope?: HoldScope;
  /** The least the hold must cover (the prompt's cost): below it the call is refused. */
  least: number;
  /** The most the call can cost (its worst case): the hold never takes more. */
  most: number;
  /** A hold left by a gateway that died expires after this long. */
  ttlMs: number;
  /** A relayed call's subscriptions and the user's order; absent: the wallet alone pays. */
  pockets?: Pockets;
}

/** A token turning from unlimited to limited at `remain` (PUT /api/token/, see token-limiting.ts). */
export interface TokenLimitRequest {
  holdId: string;
  tokenId: number;
  /** The token's owner: its limit hold is kept with the owner's holds. */
  userId: number;
  remain: number;
  /** A limit left by a gateway that died before the ledger applied it expires after this long. */
  ttlMs: number;
}

/** `held`: what the token's calls in flight hold, more than the remaining quota asked for. */
export type TokenLimitResult = { ok: true } | { ok: false; held: number };

/** A window as a hold counts in it: its key, and its end (when what it counted is forgotten). */
export type WindowRef = Pick<SubscriptionWindow, 'key' | 'endsAt'>;

/** A hold a gateway still owes the log an event for: the call's charge, and whose balance it is on. */
export interface OwedHold {
  holdId: string;
  userId: number;
  tokenId: number;
  amount: number;
  /**
   * The windows of the subscription that pays the call (as its hold took them); absent when the
   * wallet pays. A hold taken again is taken from these, never from the wallet (issue #41).
   */
  windows?: WindowRef[];
}

/**
 * Admission without overspend: available = balance - holds, checked and reserved in one step.
 * Embedded: in-process maps. Cluster: Redis with Lua scripts, shared by every gateway.
 */
export interface HoldStore {
  /** Loads balances the store has not seen yet; a balance it already tracks is kept (the ledger is newer). */
  seed(users: UserBalance[], tokens: TokenBalance[]): Promise<void>;
  /**
   * Reserves, in one step, as much of [least, most] as the user's and (unless unlimited) the token's
   * available balance allows; refuses when even `least` is not available. `balance_unknown` asks the caller to seed.
   * With `pockets`, the same step picks who pays (see `Pockets`) and holds from every window of the
   * subscription it picks, or from the wallet; what a subscription's hold settles (the ledger
   * applied its usage) stays counted in those windows until each ends.
   */
  acquire(request: HoldRequest): Promise<AcquireResult>;
  /**
   * Limits a token ahead of the ledger, in one step: refused when its calls in flight (held
   * whatever its unlimited flag) hold more than `remain`; else, until the ledger settles `holdId`
   * (with the TokenQuotaSet that limits it) or the hold expires, the token admits no more than
   * `remain` minus its holds, even while its balance still reads unlimited.
   */
  limitToken(request: TokenLimitRequest): Promise<TokenLimitResult>;
  /**
   * Turns a hold into the actual cost once the answer ended; it stays until the ledger settles it.
   * Resolves what the hold's user can still spend afterwards (as `available`, in the same step),
   * or null when the hold is gone (expired) or the balance unknown.
   */
  adjust(hold: HoldRef, amount: number): Promise<number | null>;
  /** Drops a hold whose request cost nothing (failed before any charge). */
  release(hold: HoldRef): Promise<void>;
  /**
   * Keeps the holds of calls whose usage events wait in a gateway's spool (the log unreachable):
   * each expires `ttlMs` from now, and one that expired meanwhile is taken again for its amount,
   * whatever the balance, from the pocket it was on: its `windows` when a subscription pays, else
   * the wallet. The charge is owed, so what is under it must not be spent twice.
   */
  keep(holds: OwedHold[], ttlMs: number): Promise<void>;
  /** Follows the ledger: new balances, and the holds its applied events settled. */
  applyLedgerChanges(changes: BalancesChanged): Promise<void>;
  /** The balance a user can still spend: balance minus holds; null when unknown. */
  available(userId: number): Promise<number | null>;
  /** What each of a user's subscription windows counts now (holds in flight and settled calls), in the order asked. */
  counted(userId: number, windows: SubscriptionWindow[]): Promise<number[]>;
}
