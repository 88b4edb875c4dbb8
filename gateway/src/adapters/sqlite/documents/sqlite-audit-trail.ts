import type { Database } from 'better-sqlite3';
import { type AuditEvent, auditEventSchema } from '../../../ports/documents/audit-event.js';
import type { AuditQuery, AuditTrail } from '../../../ports/documents/audit-trail.js';

const DDL = `
CREATE TABLE IF NOT EXISTS audit_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  occurred_at INTEGER NOT NULL,
  actor_id INTEGER NOT NULL,
  actor_name TEXT NOT NULL,
  target_kind TEXT NOT NULL,
  target_id TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_time ON audit_events (occurred_at, event_id);
`;

type Bound = string | number;

/** The WHERE of a query, its values bound in order. */
function where(query: AuditQuery): { sql: string; values: Bound[] } {
  const parts: string[] = [];
  const values: Bound[] = [];
  const add = (sql: string, ...bound: Bound[]) => {
    parts.push(sql);
    values.push(...bound);
  };
  if (query.actor !== undefined) {
    if (/^\d+$/.test(query.actor)) add('(actor_id = ? OR actor_name = ?)', Number(query.actor), query.actor);
    else add('actor_name = ?', query.actor);
  }
  if (query.type !== undefined) add('type = ?', query.type);
  if (query.targetKind !== undefined) add('target_kind = ?', query.targetKind);
  if (query.targetId !== undefined) add('target_id = ?', query.targetId);
  if (query.from !== undefined) add('occurred_at >= ?', query.from);
  if (query.to !== undefined) add('occurred_at < ?', query.to);
  return { sql: parts.length > 0 ? parts.join(' AND ') : '1', values };
}

const parseBody = (row: { body: string }): AuditEvent => auditEventSchema.parse(JSON.parse(row.body));

/** The audit trail as a table in the documents' SQLite file, the whole event as JSON beside its filter columns. */
export function createSqliteAuditTrail(db: Database): AuditTrail {
  db.exec(DDL);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO audit_events (event_id, type, occurred_at, actor_id, actor_name, target_kind, target_id, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const select = (query: AuditQuery, tail: string, extra: Bound[]) => {
    const filter = where(query);
    return (db.prepare(`SELECT body FROM audit_events WHERE ${filter.sql} ${tail}`).all(...filter.values, ...extra) as { body: string }[]).map(parseBody);
  };
  return {
    async append(event) {
      const { eventId, type, occurredAt, actor, target } = auditEventSchema.parse(event);
      insert.run(eventId, type, occurredAt, actor.userId, actor.username, target.kind, target.id, JSON.stringify(event));
    },
    async page(query, offset, limit) {
      const filter = where(query);
      const { total } = db.prepare(`SELECT count(*) AS total FROM audit_events WHERE ${filter.sql}`).get(...filter.values) as { total: number };
      return { items: select(query, 'ORDER BY occurred_at DESC, event_id DESC LIMIT ? OFFSET ?', [limit, offset]), total };
    },
    async *pages(query, pageSize) {
      let after: AuditEvent | undefined;
      for (;;) {
        const keyset = after ? 'AND (occurred_at < ? OR (occurred_at = ? AND event_id < ?))' : '';
        const bound = after ? [after.occurredAt, after.occurredAt, after.eventId] : [];
        const page = select(query, `${keyset} ORDER BY occurred_at DESC, event_id DESC LIMIT ?`, [...bound, pageSize]);
        if (page.length > 0) yield page;
        if (page.length < pageSize) return;
        after = page.at(-1);
      }
    },
  };
}
