import { describe, expect, it } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';
import { routeAccess } from '../../test/support/route-table/route-access.js';

/** Writes that record their own event when their run ends (ImportRan, LedgerAudited) rather than through a route's entry. */
const RECORDING_THEIR_OWN = ['POST /api/import', 'POST /api/ledger_audit'];

/** new-api's GET routes that write: a channel test stores its time and result, a balance update the balance. */
const WRITING_GETS = ['GET /api/channel/test', 'GET /api/channel/test/:id', 'GET /api/channel/update_balance', 'GET /api/channel/update_balance/:id'];

/** new-api's POST routes that write nothing: the upstream's model list for an edit form not yet saved. */
const READING_POSTS = ['POST /api/channel/fetch_models'];

/** `POST /api/user/` and `POST /api/user` are one route. */
const withoutSlash = (route: string) => route.replace(/(.)\/$/, '$1');

describe('the audit of admin writes, as the routes register it', () => {
  it('records every admin and root route that writes, as the role matrix lists them, and no other', async () => {
    const { audited } = await buildApiHarness();
    const writes = Object.entries(routeAccess)
      .filter(([route, level]) => (level === 'admin' || level === 'root') && (!route.startsWith('GET ') || WRITING_GETS.includes(route)) && !READING_POSTS.includes(route))
      .map(([route]) => withoutSlash(route));
    const recorded = new Set(audited.map(withoutSlash));
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.filter((route) => !recorded.has(route) && !RECORDING_THEIR_OWN.includes(route))).toEqual([]);
    expect([...recorded].filter((route) => !writes.includes(route))).toEqual([]);
  });
});
