import { describe, expect, it } from 'vitest';
import { routeAccess } from '../../test/support/route-access.js';
import { adminWrites } from './admin-writes.js';

/** Writes that record their own event when their run ends (ImportRan, LedgerAudited) rather than through the table. */
const RECORDING_THEIR_OWN = ['POST /import', 'POST /ledger_audit'];

/** new-api's GET routes that write: a channel test stores its time and result, a balance update the balance. */
const WRITING_GETS = ['GET /api/channel/test', 'GET /api/channel/test/:id', 'GET /api/channel/update_balance', 'GET /api/channel/update_balance/:id'];

/** `POST /api/user/` as the role matrix lists it -> `POST /user` as the audit table keys it. */
const tableKey = (route: string) => route.replace(' /api/', ' /').replace(/(.)\/$/, '$1');

describe('the audit table of admin writes', () => {
  it('covers every admin and root route that writes, as the role matrix lists them', () => {
    const writes = Object.entries(routeAccess)
      .filter(([route, level]) => (level === 'admin' || level === 'root') && (!route.startsWith('GET ') || WRITING_GETS.includes(route)))
      .map(([route]) => tableKey(route));
    expect(writes.length).toBeGreaterThan(15);
    expect(writes.filter((key) => !(key in adminWrites) && !RECORDING_THEIR_OWN.includes(key))).toEqual([]);
    expect(Object.keys(adminWrites).filter((key) => !writes.includes(key))).toEqual([]);
  });
});
