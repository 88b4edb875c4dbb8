import { describe, expect, it, onTestFinished } from 'vitest';
import { type AuditEventInput, newAuditEvent } from './audit-event.js';
import type { AuditTrail } from './audit-trail.js';
import type { StoreFactory } from './store-fixture.js';

const change = (over: Partial<AuditEventInput> = {}): AuditEventInput => ({
  type: 'UserUpdated',
  actor: { userId: 1, username: 'root' },
  address: '127.0.0.1',
  target: { kind: 'user', id: '7' },
  before: { quota: 1 },
  after: { quota: 2 },
  detail: null,
  ...over,
});

async function collect(trail: AuditTrail, query: Parameters<AuditTrail['pages']>[0], pageSize: number) {
  const pages: string[][] = [];
  for await (const page of trail.pages(query, pageSize)) pages.push(page.map((event) => event.eventId));
  return pages;
}

/** The behaviour every AuditTrail adapter must have. */
export function runAuditTrailContract(name: string, factory: StoreFactory<AuditTrail>): void {
  const open = async (): Promise<AuditTrail> => {
    const fixture = await factory();
    onTestFinished(() => fixture.close());
    return fixture.store;
  };

  describe(`AuditTrail contract: ${name}`, () => {
    it('returns an event as it was appended, newest first, an appended duplicate once', async () => {
      const trail = await open();
      const older = newAuditEvent(change({ before: { nested: { a: [1, 'x'] } }, detail: { key: 'Notice' } }), 1_000);
      const newer = newAuditEvent(change({ type: 'ChannelDeleted', target: { kind: 'channel', id: '3' }, after: null }), 2_000);
      await trail.append(older);
      await trail.append(newer);
      await trail.append(older);
      expect(await trail.page({}, 0, 10)).toEqual({ items: [newer, older], total: 2 });
    });

    it('filters by actor id or name, type, target and time range', async () => {
      const trail = await open();
      const a = newAuditEvent(change(), 1_000);
      const b = newAuditEvent(change({ actor: { userId: 2, username: 'alice' }, type: 'OptionUpdated', target: { kind: 'option', id: 'Notice' } }), 2_000);
      const c = newAuditEvent(change({ actor: { userId: 2, username: 'alice' } }), 3_000);
      for (const event of [a, b, c]) await trail.append(event);
      const ids = async (query: Parameters<AuditTrail['page']>[0]) => (await trail.page(query, 0, 10)).items.map((e) => e.eventId);
      expect(await ids({ actor: 'alice' })).toEqual([c.eventId, b.eventId]);
      expect(await ids({ actor: '1' })).toEqual([a.eventId]);
      expect(await ids({ type: 'OptionUpdated' })).toEqual([b.eventId]);
      expect(await ids({ targetKind: 'user', targetId: '7' })).toEqual([c.eventId, a.eventId]);
      expect(await ids({ targetId: 'Notice' })).toEqual([b.eventId]);
      expect(await ids({ from: 2_000, to: 3_000 })).toEqual([b.eventId]);
      expect(await ids({ actor: 'nobody' })).toEqual([]);
    });

    it('pages by offset with the total, and streams every match in keyset pages', async () => {
      const trail = await open();
      const events = Array.from({ length: 7 }, (_, i) => newAuditEvent(change(), 1_000 + Math.floor(i / 2)));
      for (const event of events) await trail.append(event);
      const newestFirst = [...events].reverse().map((e) => e.eventId);
      const second = await trail.page({}, 3, 3);
      expect(second.total).toBe(7);
      expect(second.items.map((e) => e.eventId)).toEqual(newestFirst.slice(3, 6));
      const pages = await collect(trail, {}, 3);
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat()).toEqual(newestFirst);
      expect(await collect(trail, { actor: 'nobody' }, 3)).toEqual([]);
    });
  });
}
