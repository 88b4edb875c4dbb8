import type { TokenBalance } from '@tollgate/ledger';
import type { HoldRange } from '../../billing/hold-size.js';
import type { HoldStore, Pockets, SubscriptionPocket } from '../../ports/hot-state/hold-store.js';
import { PLAYGROUND_TOKEN_ID } from '../surfaces/playground-caller.js';
import type { Caller } from './caller.js';
import type { RelayContext } from '../relay-context.js';
import { RelayError, RelayMessages } from '../../http/relay-error.js';

/**
 * The ledger's balance of the caller's token; a keyless call (the playground) is limited by the user
 * alone. The token is the caller's: it is seeded as the caller's, where hot state looks for it,
 * even when the ledger has no balance for it yet (which reads as owned by no one).
 */
async function tokenBalances(ctx: RelayContext, caller: Caller): Promise<TokenBalance[]> {
  const { token, user } = caller;
  if (token.id === PLAYGROUND_TOKEN_ID) return [{ tokenId: token.id, userId: user.id, remainQuota: 0, usedQuota: 0, unlimited: true }];
  return (await ctx.deps.balances.tokens([token.id])).map((balance) => ({ ...balance, userId: user.id }));
}

/** What admission held: how much, and the subscription that pays with the windows it took from (absent: the wallet). */
export interface Admission {
  granted: number;
  pocket?: SubscriptionPocket;
}

/**
 * Reserves as much of `range` as the caller's balances allow before anything is forwarded, and
 * resolves what was granted; refuses with new-api's quota errors when even the least is not there.
 * Unknown balances are read from the ledger once, then hot state follows the ledger's notices.
 * With `pockets`, the same step picks who pays: a subscription's windows or the wallet (issue #41).
 */
export async function admit(ctx: RelayContext, caller: Caller, holdId: string, range: HoldRange, pockets?: Pockets): Promise<Admission> {
  refuseWhileBillingUnavailable(ctx);
  const { holds, balances } = ctx.deps;
  // The call renews its hold while it runs (in-flight-holds.ts); one left by a dead gateway frees itself after HOLD_TTL_SECONDS.
  const request = { holdId, userId: caller.user.id, tokenId: caller.token.id, ...range, ttlMs: ctx.deps.config.HOLD_TTL_SECONDS * 1000, ...(pockets ? { pockets } : {}) };
  let result = await holds.acquire(request);
  if (!result.ok && result.reason === 'balance_unknown') {
    await holds.seed(await balances.users([caller.user.id]), await tokenBalances(ctx, caller));
    result = await holds.acquire(request);
  }
  if (result.ok) {
    const pocket = pockets?.subscriptions.find((s) => s.subscriptionId === result.subscriptionId);
    return result.subscriptionId === undefined || !pocket ? { granted: result.granted } : { granted: result.granted, pocket };
  }
  if (result.reason === 'unconfirmed') throw new RelayError(503, RelayMessages.holdUnconfirmed, 'hold_unconfirmed');
  if (result.reason === 'token_quota') throw new RelayError(403, RelayMessages.tokenExhausted, 'token_quota_exhausted');
  if (result.reason === 'subscription_quota') throw new RelayError(403, RelayMessages.subscriptionQuota, 'insufficient_subscription_quota');
  throw new RelayError(403, RelayMessages.userQuota, 'insufficient_user_quota');
}

/** A call whose usage could not be recorded is never served: past the spool's bound, calls wait for the log. */
function refuseWhileBillingUnavailable(ctx: RelayContext): void {
  if (ctx.deps.usageOutbox.isFull()) throw new RelayError(503, RelayMessages.billingUnavailable, 'billing_unavailable');
}

export type { HoldStore };
