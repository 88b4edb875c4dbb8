import { useQueryClient } from '@tanstack/react-query';
import { connectSocket, type LiveSocket } from '../../../live/socket';
import { opsSeedQueryKey } from '../api';
import { ledgerAuditSummarySchema, type OpsSeed } from '@tollgate/wire';
import { type LiveState, useSocketEvents } from './use-socket-events';

/** The server's `ops_ledger_audit` event (gateway live/ledger-audit-pusher.ts): a run was recorded. */
export const OPS_LEDGER_AUDIT_EVENT = 'ops_ledger_audit';

/** Puts each recorded run of the ledger's proof in the seed, so the card shows it as it happens. */
export function useLiveLedgerAudit(connect: () => LiveSocket = connectSocket): LiveState {
  const queryClient = useQueryClient();
  return useSocketEvents(connect, {
    [OPS_LEDGER_AUDIT_EVENT]: (payload) => {
      const parsed = ledgerAuditSummarySchema.safeParse(payload);
      if (parsed.success) queryClient.setQueryData<OpsSeed>(opsSeedQueryKey, (old) => (old ? { ...old, ledgerAudit: parsed.data } : old));
    },
  });
}
