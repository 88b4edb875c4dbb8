import type { AuditEventRow } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { AuditEvent } from '../../ports/documents/audit-event.js';
import { ok } from '../../http/envelope.js';
import { encodeExport, type ExportColumn, exportFormats, exportHeaders } from '../../http/tabular-export.js';
import type { AuditQuery } from '../../ports/documents/audit-trail.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryInt } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { AuditContext } from '../../contexts/audit.js';

export type AuditDeps = AuditContext;

const text = z.string().trim().max(64).optional().transform((value) => value || undefined);
const seconds = queryInt.pipe(z.number().int().nonnegative({ message: INVALID_PARAMS })).optional();

const filterQuery = z.object({
  actor: text,
  type: text,
  target_kind: text,
  target_id: text,
  /** Seconds since the epoch: from inclusive, to exclusive. */
  start_timestamp: seconds,
  end_timestamp: seconds,
});

const listQuery = filterQuery.extend({ p: queryInt.pipe(z.number().int()).optional(), page_size: queryInt.pipe(z.number().int()).optional() });
const exportQuery = filterQuery.extend({ format: z.preprocess((value) => value || 'csv', z.enum(exportFormats, { message: INVALID_PARAMS })) });

function auditQuery(q: z.infer<typeof filterQuery>): AuditQuery {
  return {
    actor: q.actor,
    type: q.type,
    targetKind: q.target_kind,
    targetId: q.target_id,
    from: q.start_timestamp === undefined ? undefined : q.start_timestamp * 1000,
    to: q.end_timestamp === undefined ? undefined : q.end_timestamp * 1000,
  };
}

/** An event on the wire, in the API's snake_case. */
export function auditWire(event: AuditEvent): AuditEventRow {
  return {
    id: event.eventId,
    type: event.type,
    version: event.version,
    occurred_at: event.occurredAt,
    actor_id: event.actor.userId,
    actor_name: event.actor.username,
    address: event.address,
    target_kind: event.target.kind,
    target_id: event.target.id,
    before: event.before,
    after: event.after,
    detail: event.detail,
  };
}

const asJson = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
const columns: ExportColumn<AuditEvent>[] = [
  { header: 'id', value: (e) => e.eventId },
  { header: 'occurred_at', value: (e) => new Date(e.occurredAt).toISOString() },
  { header: 'type', value: (e) => e.type },
  { header: 'version', value: (e) => e.version },
  { header: 'actor_id', value: (e) => e.actor.userId },
  { header: 'actor_name', value: (e) => e.actor.username },
  { header: 'address', value: (e) => e.address },
  { header: 'target_kind', value: (e) => e.target.kind },
  { header: 'target_id', value: (e) => e.target.id },
  { header: 'before', value: (e) => asJson(e.before) },
  { header: 'after', value: (e) => asJson(e.after) },
  { header: 'detail', value: (e) => asJson(e.detail) },
];

/** Pages of the export: enough rows per read to stream fast, few enough to hold one page only. */
const EXPORT_PAGE_SIZE = 500;

/** The audit trail for root: a filtered, paged list, and the same filters as a streamed CSV or JSON-lines download. */
export function registerAuditRoutes(app: FastifyInstance, { deps, guard }: ApiContext<AuditDeps>): void {
  route(app, 'GET', '/audit/', guard.root, async (request) => {
    const q = parseInput(listQuery, request.query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const result = await deps.auditTrail.page(auditQuery(q), offset, pageSize);
    return ok(pageOf(result.items.map(auditWire), result.total, page, pageSize));
  });

  route(app, 'GET', '/audit/export', guard.root, async (request, reply) => {
    const q = parseInput(exportQuery, request.query);
    const pages = deps.auditTrail.pages(auditQuery(q), EXPORT_PAGE_SIZE);
    return reply.headers(exportHeaders(q.format, `tollgate-audit-${Date.now()}`)).send(Readable.from(encodeExport(q.format, columns, pages)));
  });
}
