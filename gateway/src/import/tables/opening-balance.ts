import type { OpeningAccount, OpeningBalanceRecorded } from '@tollgate/wire';

export const IMPORT_SOURCE = 'new-api';

/**
 * The opening of one imported account. Its id comes from the source row, so an import run twice
 * (or resumed after a crash between the append and the document write) appends a duplicate that
 * every ledger store skips.
 */
export function openingBalance(userId: number, account: OpeningAccount, nowMs: number): OpeningBalanceRecorded {
  const accountId = account.kind === 'user' ? userId : account.kind === 'token' ? account.tokenId : account.channelId;
  return {
    type: 'OpeningBalanceRecorded',
    data: { source: IMPORT_SOURCE, userId, account },
    metadata: { eventId: `import-${IMPORT_SOURCE}-${account.kind}-${accountId}`, occurredAt: nowMs, version: 1 },
  };
}
