import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditApi } from '../api';
import type { AuditFilters } from '../filters';

export const auditQueryKey = ['audit'] as const;
export const ledgerAuditQueryKey = ['ledger-audit'] as const;

/** One page of the audit trail under the filters, newest first. */
export function useAuditEvents(filters: AuditFilters, page: number) {
  return useQuery({ queryKey: [...auditQueryKey, filters, page], queryFn: ({ signal }) => auditApi.list(filters, page, signal), placeholderData: keepPreviousData });
}

/** The stored ledger audit runs, with the latest. */
export function useLedgerAudits(page: number) {
  return useQuery({ queryKey: [...ledgerAuditQueryKey, page], queryFn: ({ signal }) => auditApi.ledgerRuns(page, signal), placeholderData: keepPreviousData });
}

/** Runs the ledger audit now; the list shows the new run when it answers. */
export function useRunLedgerAudit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: auditApi.runLedgerAudit, onSuccess: () => client.invalidateQueries({ queryKey: ledgerAuditQueryKey }) });
}
