import { describe, expect, it } from 'vitest';
import { type AuditEventRow, auditEventRowSchema } from './audit-event-row.js';
import { type LedgerAuditRun, ledgerAuditRunPageSchema, ledgerAuditRunSchema } from './ledger-audit-run.js';

/** A real row of GET /api/audit/ (root saved SystemName in the gateway's int harness). */
const row: AuditEventRow = {
  id: '01a227ba-e69c-7fb5-a810-9f0570d23725', type: 'OptionUpdated', version: 1, occurred_at: 1_795_962_889_884, actor_id: 1, actor_name: 'root',
  address: '127.0.0.1', target_kind: 'option', target_id: 'SystemName', before: { value: 'Tollgate' }, after: { value: 'Acme AI' }, detail: null,
};

/** A run that found a balance tampered with in the store (routes/api/ops-ledger-audit.int.test.ts's case). */
const run: LedgerAuditRun = {
  id: '01a227ba-f000-7000-8000-000000000001', ran_at: 1_795_962_890_000, actor_name: 'root', address: '127.0.0.1', clean: false, settled: true,
  events_folded: 6, users_checked: 2, tokens_checked: 1, days_compared: 1, drift_count: 1, mismatch_count: 0,
  drifts: [{ account: 'user', id: 1, field: 'quota', expected: 1000, actual: 750 }], consumption_mismatches: [],
};

describe('audit events', () => {
  it('parse as listed, through JSON, unchanged', () => {
    expect(auditEventRowSchema.parse(JSON.parse(JSON.stringify(row)))).toEqual(row);
  });

  it('refuse an unknown type, a camelCase field from the store, and an unknown version', () => {
    expect(auditEventRowSchema.safeParse({ ...row, type: 'OptionChanged' }).success).toBe(false);
    const { occurred_at, ...withoutTime } = row;
    expect(auditEventRowSchema.safeParse({ ...withoutTime, occurredAt: occurred_at }).success).toBe(false);
    expect(auditEventRowSchema.safeParse({ ...row, version: 2 }).success).toBe(false);
  });
});

describe('ledger audit runs', () => {
  it('parse as answered, alone and as a page with the latest run', () => {
    expect(ledgerAuditRunSchema.parse(JSON.parse(JSON.stringify(run)))).toEqual(run);
    const page = { latest: run, items: [run], total: 1, page: 1, page_size: 20 };
    expect(ledgerAuditRunPageSchema.parse(page)).toEqual(page);
    expect(ledgerAuditRunPageSchema.parse({ ...page, latest: null, items: [], total: 0 }).latest).toBeNull();
  });

  it('refuse a drift on an unknown account, a camelCase count, and counts as text', () => {
    expect(ledgerAuditRunSchema.safeParse({ ...run, drifts: [{ ...run.drifts[0], account: 'wallet' }] }).success).toBe(false);
    const { drift_count, ...withoutCount } = run;
    expect(ledgerAuditRunSchema.safeParse({ ...withoutCount, driftCount: drift_count }).success).toBe(false);
    expect(ledgerAuditRunSchema.safeParse({ ...run, mismatch_count: '0' }).success).toBe(false);
  });
});
