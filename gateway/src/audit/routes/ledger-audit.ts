import type { LedgerAuditFindings, LedgerAuditRun } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuditEvent } from '../../ports/documents/audit-event.js';
import { ok } from '../../http/envelope.js';
import { proveAndRecord } from '../../ledger-proof/record-proof.js';
import type { ApiContext } from '../../api/support/context.js';
import { signedIn } from '../../api/support/context.js';
import { parseInput, queryInt } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { AuditContext } from '../../contexts/audit.js';

export type LedgerAuditDeps = AccountsContext & AuditContext;

const listQuery = z.object({ p: queryInt.pipe(z.number().int()).optional(), page_size: queryInt.pipe(z.number().int()).optional() });

/** A stored run on the wire: when, by whom, and what it found (the detail record-proof.ts stored). */
function runWire(event: AuditEvent): LedgerAuditRun {
  return { id: event.eventId, ran_at: event.occurredAt, actor_name: event.actor.username, address: event.address, ...(event.detail as LedgerAuditFindings) };
}

/**
 * The ledger's proof for root: `POST` runs it now (and stores and, on drift, mails it as the
 * scheduled run does); `GET` lists the stored runs, newest first, with `latest` (the newest run,
 * or null): its `clean`, `drift_count` and `mismatch_count` are what the operations view shows.
 */
export function registerLedgerAuditRoutes(app: FastifyInstance, { deps, guard }: ApiContext<LedgerAuditDeps>): void {
  route(app, 'GET', '/ledger_audit/', guard.root, async (request) => {
    const q = parseInput(listQuery, request.query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const runs = await deps.auditTrail.page({ type: 'LedgerAudited' }, offset, pageSize);
    const [latest] = offset === 0 ? runs.items : (await deps.auditTrail.page({ type: 'LedgerAudited' }, 0, 1)).items;
    return ok({ latest: latest ? runWire(latest) : null, ...pageOf(runs.items.map(runWire), runs.total, page, pageSize) });
  });

  route(app, 'POST', '/ledger_audit/', guard.root, async (request) => {
    const me = signedIn(request);
    const { event } = await proveAndRecord(deps, { userId: me.id, username: me.username }, request.ip, (error) => request.log.warn({ err: error }, 'ledger audit mail not sent'));
    return ok(runWire(event));
  });
}
