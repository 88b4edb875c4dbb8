import { dict } from '@tollgate/wire';
import { type Connection, type Model, type QueryFilter, Schema } from 'mongoose';
import { type AuditEvent, auditEventSchema } from '../../ports/documents/audit-event.js';
import type { AuditQuery, AuditTrail } from '../../ports/documents/audit-trail.js';

interface AuditDocument {
  _id: string;
  type: string;
  occurredAt: number;
  actorId: number;
  actorName: string;
  targetKind: string;
  targetId: string;
  /** The whole event as JSON: before and after keep any shape, byte for byte. */
  body: string;
}

type Filter = QueryFilter<AuditDocument>;

function filterOf(query: AuditQuery): Filter {
  const filter: Filter = {};
  if (query.actor !== undefined) {
    filter.$or = /^\d+$/.test(query.actor) ? [{ actorId: Number(query.actor) }, { actorName: query.actor }] : [{ actorName: query.actor }];
  }
  if (query.type !== undefined) filter.type = query.type;
  if (query.targetKind !== undefined) filter.targetKind = query.targetKind;
  if (query.targetId !== undefined) filter.targetId = query.targetId;
  const time: Record<string, number> = dict();
  if (query.from !== undefined) time.$gte = query.from;
  if (query.to !== undefined) time.$lt = query.to;
  if (Object.keys(time).length > 0) filter.occurredAt = time;
  return filter;
}

const newestFirst = { occurredAt: -1, _id: -1 } as const;
const parseBody = (doc: AuditDocument): AuditEvent => auditEventSchema.parse(JSON.parse(doc.body));

/** The audit trail as a MongoDB collection, written by the gateway that handled the change. */
export async function createMongoAuditTrail(connection: Connection): Promise<AuditTrail> {
  const schema = new Schema<AuditDocument>(
    { _id: String, type: String, occurredAt: Number, actorId: Number, actorName: String, targetKind: String, targetId: String, body: String },
    { versionKey: false },
  );
  schema.index({ occurredAt: -1, _id: -1 });
  const events = (connection.models.AuditEvent as Model<AuditDocument> | undefined) ?? connection.model<AuditDocument>('AuditEvent', schema, 'audit_events');
  await events.init();
  const find = (filter: Filter, skip: number, limit: number) =>
    events.find(filter).sort(newestFirst).skip(skip).limit(limit).lean<AuditDocument[]>();
  return {
    async append(event) {
      const { eventId, type, occurredAt, actor, target } = auditEventSchema.parse(event);
      const doc = { type, occurredAt, actorId: actor.userId, actorName: actor.username, targetKind: target.kind, targetId: target.id, body: JSON.stringify(event) };
      // An upsert that only inserts: appending the same event again changes nothing.
      await events.updateOne({ _id: eventId }, { $setOnInsert: doc }, { upsert: true });
    },
    async page(query, offset, limit) {
      const filter = filterOf(query);
      const [docs, total] = await Promise.all([find(filter, offset, limit), events.countDocuments(filter)]);
      return { items: docs.map(parseBody), total };
    },
    async *pages(query, pageSize) {
      const filter = filterOf(query);
      let after: AuditEvent | undefined;
      for (;;) {
        const keyset: Filter = after ? { $or: [{ occurredAt: { $lt: after.occurredAt } }, { occurredAt: after.occurredAt, _id: { $lt: after.eventId } }] } : {};
        const docs = await find(after ? { $and: [filter, keyset] } : filter, 0, pageSize);
        const page = docs.map(parseBody);
        if (page.length > 0) yield page;
        if (page.length < pageSize) return;
        after = page.at(-1);
      }
    },
  };
}
