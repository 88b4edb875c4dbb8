import type { TokenBalance, UserBalance } from '@tollgate/ledger';
import type { AcquireResult, HoldRequest, HoldStore } from '../ports/hold-store.js';

/**
 * A hold on a user's balance alone names token 0: no key, so the hold store's token check sees an
 * unlimited token (the playground's calls use the same id).
 */
export const NO_TOKEN = 0;
export const noTokenLimit: TokenBalance = { tokenId: NO_TOKEN, userId: 0, remainQuota: 0, usedQuota: 0, unlimited: true };

/**
 * Acquires a hold on a balance of the user alone; a store that does not know the balance yet is
 * seeded from `usersOf` (the ledger's balances) once and asked again.
 */
export async function acquireUserHold(store: HoldStore, request: Omit<HoldRequest, 'tokenId'>, usersOf: () => Promise<UserBalance[]>): Promise<AcquireResult> {
  const held = { ...request, tokenId: NO_TOKEN };
  const result = await store.acquire(held);
  if (result.ok || result.reason !== 'balance_unknown') return result;
  await store.seed(await usersOf(), [noTokenLimit]);
  return store.acquire(held);
}
