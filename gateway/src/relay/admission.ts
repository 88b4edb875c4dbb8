import type { HoldStore } from '../ports/hold-store.js';
import type { Caller } from './caller.js';
import type { RelayContext } from './relay-context.js';
import { RelayError, RelayMessages } from './relay-error.js';

/** A hold outlives the longest stream we expect; one left by a dead gateway frees itself after this. */
const HOLD_TTL_MS = 15 * 60_000;

/**
 * Reserves `amount` for the caller before anything is forwarded. Unknown balances are read from
 * the ledger once, then hot state follows the ledger's notices.
 */
export async function admit(ctx: RelayContext, caller: Caller, holdId: string, amount: number): Promise<void> {
  const { holds, balances } = ctx.deps;
  const request = { holdId, userId: caller.user.id, tokenId: caller.token.id, amount, ttlMs: HOLD_TTL_MS };
  let result = await holds.acquire(request);
  if (!result.ok && result.reason === 'balance_unknown') {
    const [users, tokens] = await Promise.all([balances.users([caller.user.id]), balances.tokens([caller.token.id])]);
    await holds.seed(users, tokens);
    result = await holds.acquire(request);
  }
  if (result.ok) return;
  if (result.reason === 'token_quota') throw new RelayError(403, RelayMessages.tokenExhausted, 'token_quota_exhausted');
  throw new RelayError(403, RelayMessages.userQuota, 'insufficient_user_quota');
}

export type { HoldStore };
