import type { TokenBalance, UserBalance } from '@tollgate/ledger';
import type { AcquireResult, HoldRequest, HoldStore } from '../ports/hot-state/hold-store.js';

/** Acquires `request`; a store that does not know its balances yet is seeded once by `seed` and asked again. */
async function acquireSeeded(store: HoldStore, request: HoldRequest, seed: () => Promise<void>): Promise<AcquireResult> {
  const result = await store.acquire(request);
  if (result.ok || result.reason !== 'balance_unknown') return result;
  await seed();
  return store.acquire(request);
}

/** A hold on a user's balance alone, seeded from `usersOf` (the ledger's balances) when unknown. */
export function acquireUserHold(store: HoldStore, request: Omit<HoldRequest, 'tokenId' | 'scope'>, usersOf: () => Promise<UserBalance[]>): Promise<AcquireResult> {
  return acquireSeeded(store, { ...request, tokenId: 0, scope: 'user' }, async () => store.seed(await usersOf(), []));
}

/** A hold on a token's remaining quota alone (`userId`: its owner), seeded from `tokensOf` (the ledger's balances) when unknown. */
export function acquireTokenHold(store: HoldStore, request: Omit<HoldRequest, 'scope'>, tokensOf: () => Promise<TokenBalance[]>): Promise<AcquireResult> {
  return acquireSeeded(store, { ...request, scope: 'token' }, async () => store.seed([], await tokensOf()));
}
