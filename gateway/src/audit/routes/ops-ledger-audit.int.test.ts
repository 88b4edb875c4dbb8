import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';
import { RecordingFanout } from '../../../test/fakes/recording-fanout.js';
import { chdbHoldingLogs } from '../../../test/support/engines/chdb-logs.js';
import { eventually } from '../../../test/support/clients/console-client.js';
import { ledgerWithLogs } from '../../ledger-proof/testing/proven-ledger.js';
import { OPS_LEDGER_AUDIT_EVENT, pushLedgerAudits } from '../../live/ledger-audit-pusher.js';

const querier = chdbHoldingLogs('ops-ledger-audit', []);

describe('the ledger audit on the operations view', () => {
  it('shows a balance tampered with in the store: the recorded run is in GET /api/ops/ and pushed to the administrators', async () => {
    const { path, prover } = await ledgerWithLogs(querier());
    const { app, deps } = await buildApiHarness();
    deps.ledgerProof = prover;
    const consoles = new RecordingFanout();
    onTestFinished(pushLedgerAudits(deps.notices, deps.auditTrail, consoles, (error) => { throw error; }));
    const root = await login(app, 'root', ROOT_PASSWORD);
    const seed = async () => (await root.call<{ ledgerAudit: unknown }>('GET', '/api/ops/')).body.data.ledgerAudit;
    expect(await seed()).toBeNull();

    const clean = await root.call<{ clean: boolean }>('POST', '/api/ledger_audit/');
    expect(clean.body.data.clean).toBe(true);
    expect(await seed()).toMatchObject({ clean: true, driftCount: 0, mismatchCount: 0 });

    const ledger = new Database(path);
    expect(ledger.prepare('UPDATE ledger_user_balances SET quota = quota - 250 WHERE user_id = 1').run().changes).toBe(1);
    ledger.close();
    const before = Date.now();
    const tampered = await root.call<{ clean: boolean; drift_count: number }>('POST', '/api/ledger_audit/');
    expect(tampered.body.data).toMatchObject({ clean: false, drift_count: 1 });

    const shown = await seed();
    expect(shown).toEqual({ ranAt: expect.any(Number), clean: false, settled: true, driftCount: 1, mismatchCount: 0, address: expect.any(String), link: '/audit/ledger' });
    expect((shown as { ranAt: number }).ranAt).toBeGreaterThanOrEqual(before);
    const pushed = await eventually(async () => {
      const pushes = consoles.pushes.filter((push) => push.event === OPS_LEDGER_AUDIT_EVENT);
      return pushes.length === 2 ? pushes : undefined;
    }, 5_000, 'both runs pushed');
    expect(pushed.map((push) => push.to)).toEqual(['admins', 'admins']);
    expect(pushed[0]?.payload).toMatchObject({ clean: true, driftCount: 0 });
    expect(pushed[1]?.payload).toEqual(shown);
  });

  it('pushes nothing, and reads nothing, while no administrator has a console open on this gateway', async () => {
    const { app, deps } = await buildApiHarness();
    const { prover } = await ledgerWithLogs(querier());
    deps.ledgerProof = prover;
    const consoles = new RecordingFanout(() => false);
    let reads = 0;
    const trail = { page: (...args: Parameters<typeof deps.auditTrail.page>) => ((reads += 1), deps.auditTrail.page(...args)) };
    onTestFinished(pushLedgerAudits(deps.notices, trail, consoles, (error) => { throw error; }));
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('POST', '/api/ledger_audit/')).body.success).toBe(true);
    expect(reads).toBe(0); // the notice is heard as it is published, before the answer
    expect(consoles.pushes).toEqual([]);
  });
});
