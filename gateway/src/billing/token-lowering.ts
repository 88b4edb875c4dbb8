import { newId } from '@tollgate/ledger';
import { acquireTokenHold } from './balance-hold.js';
import type { MoneyContext } from '../contexts/money.js';
import { ApiFailure } from '../http/errors.js';
import { logQuota } from './quota-text.js';

type LoweringDeps = MoneyContext;

/** The token edited and its owner, with whose holds its own are kept. */
interface OwnedToken {
  id: number;
  userId: number;
}

/**
 * Why a lower remaining quota holds first (issue #23): calls in flight through the token hold part
 * of it and are charged when they end, so a remaining quota set below that part would end below
 * zero, and a call admitted between the edit and the ledger applying it could spend the old one.
 * The lowering reserves the difference from what the token can still spend (remaining - holds),
 * in one step on the relay's hold store; the TokenQuotaSet event carries the hold, which the
 * ledger settles as it sets the new remaining quota. A lowering past the held part is refused,
 * naming it: anything else would leave a remaining quota other than the one asked for.
 * Resolves the hold id, or undefined when the remaining quota does not go down.
 */
export async function holdTokenLowering(deps: LoweringDeps, token: OwnedToken, current: number, target: number): Promise<string | undefined> {
  if (target >= current) return undefined;
  const decrease = current - target;
  const request = { holdId: `token-${newId()}`, userId: token.userId, tokenId: token.id, least: 0, most: decrease, ttlMs: deps.config.HOLD_TTL_SECONDS * 1000 };
  const result = await acquireTokenHold(deps.holds, request, () => deps.balances.tokens([token.id]));
  if (result.ok && result.granted === decrease) return request.holdId;
  if (result.ok) await deps.holds.release(request);
  throw heldByCallsInFlight(deps, current - (result.ok ? result.granted : 0));
}

/**
 * An unlimited token turned limited (issue #23): its calls in flight were admitted without its
 * remaining quota, and are charged to the new one when they end. The hold store tracks what they
 * hold whatever the flag, and in one step refuses a remaining quota below it (naming it, as a
 * lowering does) or caps the token at the new remaining quota until the ledger applies the
 * TokenQuotaSet that carries the limit hold. Resolves the hold id.
 */
export async function holdTokenLimiting(deps: LoweringDeps, token: OwnedToken, remain: number): Promise<string> {
  const holdId = `token-${newId()}`;
  const result = await deps.holds.limitToken({ holdId, tokenId: token.id, userId: token.userId, remain, ttlMs: deps.config.HOLD_TTL_SECONDS * 1000 });
  if (!result.ok) throw heldByCallsInFlight(deps, result.held);
  return holdId;
}

/** The hold a token edit takes before any field is written: none when the token ends unlimited (its remaining quota is not spent). */
export function holdTokenEdit(deps: LoweringDeps, token: OwnedToken, edit: { wasUnlimited: boolean; unlimited: boolean; current: number; remain: number }): Promise<string | undefined> {
  if (edit.unlimited) return Promise.resolve(undefined);
  return edit.wasUnlimited ? holdTokenLimiting(deps, token, edit.remain) : holdTokenLowering(deps, token, edit.current, edit.remain);
}

function heldByCallsInFlight(deps: LoweringDeps, held: number): ApiFailure {
  const lowest = logQuota(deps.options, held);
  return new ApiFailure(`令牌有 ${lowest}正被进行中的请求占用，暂时不能将剩余额度改到 ${lowest}以下`);
}
