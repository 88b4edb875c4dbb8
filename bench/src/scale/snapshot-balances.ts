import type { BalanceInventory, BalanceSnapshot, BalanceStore } from '@tollgate/ledger';

/**
 * The balances the history scale test folded while it generated the history, standing in for the
 * ledger's store (applying 20 million events to SQLite would double the run): every offset is
 * checkpointed, so the audit folds the whole history and must find each account as generated.
 */
export function snapshotBalances(snapshot: BalanceSnapshot, checkpoints: Map<number, number>): BalanceStore & BalanceInventory {
  const pick = <T>(rows: T[], id: (row: T) => number, ids: number[]) => {
    const wanted = new Set(ids);
    return rows.filter((row) => wanted.has(id(row)));
  };
  const unsupported = () => Promise.reject(new Error('the history scale test only reads balances'));
  return {
    apply: unsupported,
    forgetAppliedEvents: unsupported,
    checkpoint: async (partition) => checkpoints.get(partition) ?? -1,
    users: async (ids) => pick(snapshot.users, (u) => u.userId, ids),
    tokens: async (ids) => pick(snapshot.tokens, (t) => t.tokenId, ids),
    channels: async (ids) => pick(snapshot.channels, (c) => c.channelId, ids),
    accountIds: async () => ({
      userIds: snapshot.users.map((u) => u.userId),
      tokenIds: snapshot.tokens.map((t) => t.tokenId),
      channelIds: snapshot.channels.map((c) => c.channelId),
    }),
    close: async () => {},
  };
}
