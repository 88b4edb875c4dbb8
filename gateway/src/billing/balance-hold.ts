import type { TokenBalance, UserBalance } from '@tollgate/ledger';
import type { AcquireResult, HoldRequest, HoldStore } from '../ports/hold-store.js';

/**
 * The hold store checks a user and a token in every hold. A hold on one balance alone names the
 * other as id 0, which no account has: token 0 is unlimited (the playground's calls use the same
 * id), user 0 has more quota than any hold can take.
 */
const NO_TOKEN = 0;
const NO_USER = 0;
const noTokenLimit: TokenBalance = { tokenId: NO_TOKEN, userId: 0, remainQuota: 0, usedQuota: 0, unlimited: true };
const noUserLimit: UserBalance = { userId: NO_USER, quota: Number.MAX_SAFE_INTEGER, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 };

/** Acquires `request`; a store that does not know its balances yet is seeded once by `seed` and asked again. */
async function acquireSeeded(store: HoldStore, request: HoldRequest, seed: () => Promise<void>): Promise<AcquireResult> {
  const result = await store.acquire(request);
  if (result.ok || result.reason !== 'balance_unknown') return result;
  await seed();
  return store.acquire(request);
}

/** A hold on a user's balance alone, seeded from `usersOf` (the ledger's balances) when unknown. */
export function acquireUserHold(store: HoldStore, request: Omit<HoldRequest, 'tokenId'>, usersOf: () => Promise<UserBalance[]>): Promise<AcquireResult> {
  return acquireSeeded(store, { ...request, tokenId: NO_TOKEN }, async () => store.seed(await usersOf(), [noTokenLimit]));
}

/** A hold on a token's remaining quota alone, seeded from `tokensOf` (the ledger's balances) when unknown. */
export function acquireTokenHold(store: HoldStore, request: Omit<HoldRequest, 'userId'>, tokensOf: () => Promise<TokenBalance[]>): Promise<AcquireResult> {
  return acquireSeeded(store, { ...request, userId: NO_USER }, async () => store.seed([noUserLimit], await tokensOf()));
}
