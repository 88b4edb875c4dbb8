import { useQueryClient } from '@tanstack/react-query';
import type { LivePushName, OpsSeed } from '@tollgate/wire';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { type LivePushState, useLivePush } from '../../../live/use-live-push';
import { opsSeedQueryKey } from '../api';

/** The server's `ops_ledger_audit` event (gateway live/ledger-audit-pusher.ts): a run was recorded. */
export const OPS_LEDGER_AUDIT_EVENT = 'ops_ledger_audit' satisfies LivePushName;

/** Puts each recorded run of the ledger's proof in the seed, so the card shows it as it happens. */
export function useLiveLedgerAudit(connect: () => LiveSocket = connectSocket): LivePushState {
  const queryClient = useQueryClient();
  return useLivePush(OPS_LEDGER_AUDIT_EVENT, (summary) => queryClient.setQueryData<OpsSeed>(opsSeedQueryKey, (old) => (old ? { ...old, ledgerAudit: summary } : old)), connect);
}
