import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, logsTable, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { createSqliteEventLog } from '@tollgate/ledger/sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startMockSmtp } from '../../test/support/mock-smtp.js';
import { openTempDocuments } from '../adapters/sqlite/test-documents.js';
import { systemActor } from '../ports/documents/audit-event.js';
import { proveAndRecord } from './record-proof.js';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { createAnalyticsLogReader } from '../adapters/analytics/analytics-log-reader.js';
import { startPeriodicChecks } from '../channels/periodic-checks.js';
import { OptionCache } from '../options/option-cache.js';
import { eventually } from '../../test/support/clients/console-client.js';
import { rootWithMailbox } from './testing/proof-fixtures.js';
import { spareContexts } from '../../test/fakes/spare-contexts.js';
import { ledgerWithLogs } from './testing/proven-ledger.js';

let chdbDir = '';
let querier: AnalyticsQuerier;

beforeAll(async () => {
  // chdb allows one data directory per process; vitest runs each test file in its own process.
  chdbDir = await mkdtemp(join(tmpdir(), 'tollgate-ledger-proof-'));
  querier = createChdbQuerier({ path: chdbDir });
  await migrate(querier);
});
afterAll(async () => {
  await querier.close();
  await rm(chdbDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await querier.command(`TRUNCATE TABLE ${logsTable}`);
});

/** Root with an email, the mailer pointed at a real local SMTP server. */
async function rootMailbox() {
  const smtp = await startMockSmtp();
  const temp = openTempDocuments();
  onTestFinished(temp.close);
  return { smtp, documents: temp.documents, mailer: await rootWithMailbox(temp.documents, smtp) };
}

describe('the ledger proof on embedded engines (SQLite balances and log, chdb log rows)', () => {
  it('finds zero drift and matching consumption on a clean ledger, and stores the run without mail', async () => {
    const { prover } = await ledgerWithLogs(querier);
    const { smtp, documents, mailer } = await rootMailbox();
    const { proof, event } = await proveAndRecord({ ledgerProof: prover, auditTrail: documents.auditTrail, users: documents.users, mailer, notices: createInProcessChangeNotices() }, systemActor, 'scheduled', (error) => { throw error; });
    expect(proof).toMatchObject({ clean: true, settled: true, drifts: [], consumptionMismatches: [], eventsFolded: 42, usersChecked: 2, tokensChecked: 2 });
    expect(proof.daysCompared).toBeGreaterThanOrEqual(2);
    expect((await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 5)).items).toEqual([event]);
    expect(event.detail).toMatchObject({ clean: true, drift_count: 0, mismatch_count: 0 });
    expect(smtp.mails).toEqual([]);
  });

  it('finds a balance tampered with directly in the store, names the user, and mails root', async () => {
    const { path, prover } = await ledgerWithLogs(querier);
    const db = new Database(path);
    const { quota } = db.prepare('SELECT quota FROM ledger_user_balances WHERE user_id = 2').get() as { quota: number };
    db.prepare('UPDATE ledger_user_balances SET quota = quota + 777 WHERE user_id = 2').run();
    db.close();
    const { smtp, documents, mailer } = await rootMailbox();
    const { proof } = await proveAndRecord({ ledgerProof: prover, auditTrail: documents.auditTrail, users: documents.users, mailer, notices: createInProcessChangeNotices() }, systemActor, 'scheduled', (error) => { throw error; });
    expect(proof.clean).toBe(false);
    expect(proof.drifts).toEqual([{ account: 'user', id: 2, field: 'quota', expected: quota, actual: quota + 777 }]);
    expect(proof.consumptionMismatches).toEqual([]);
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual(['root@tollgate.test']);
    expect(mail.subject).toContain('1 项余额');
    expect(mail.html).toContain(`user 2 quota: stored ${quota + 777}, log ${quota}`);
    const [stored] = (await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 5)).items;
    expect(stored?.detail).toMatchObject({ clean: false, drift_count: 1, drifts: [{ account: 'user', id: 2 }] });
  });

  it('finds log rows that do not sum to the ledger consumption of a user and day', async () => {
    const { prover } = await ledgerWithLogs(querier);
    await querier.command(`DELETE FROM ${logsTable} WHERE id = 'usage-3'`);
    const proof = await prover.run();
    expect(proof.drifts).toEqual([]);
    expect(proof.consumptionMismatches).toHaveLength(1);
    const [mismatch] = proof.consumptionMismatches;
    expect(mismatch).toMatchObject({ userId: 2 });
    expect((mismatch?.ledger ?? 0) - (mismatch?.logs ?? 0)).toBe(13);
  });

  it('does not compare days whose log rows were deleted (retention)', async () => {
    const { prover } = await ledgerWithLogs(querier);
    const cutoff = Math.floor(Date.now() / 1000);
    await querier.insert('logs_deleted_before', [{ before: cutoff }]);
    await querier.command(`DELETE FROM ${logsTable} WHERE created_at < toDateTime({before:UInt32})`, { before: cutoff });
    const proof = await prover.run();
    expect(proof).toMatchObject({ clean: true, daysCompared: 0, consumptionMismatches: [] });
  });

  it('LedgerAuditFrequency: runs only as a period begins, never at start, once across two gateways sharing leases; 0 runs none', async () => {
    const { prover } = await ledgerWithLogs(querier);
    const { documents, mailer } = await rootMailbox();
    const options = new OptionCache(documents.options);
    await options.set('LedgerAuditFrequency', '1');
    const unusedLog = createSqliteEventLog({ path: ':memory:' }); // the chores switched off by default (channel notices) would write here
    onTestFinished(() => unusedLog.close());
    const leases = new InProcessLeases(); // what two gateways on one Redis share
    const notices = createInProcessChangeNotices();
    const recorded: string[] = [];
    notices.subscribe((kind) => recorded.push(kind));
    const minute = 60_000;
    let clock = Math.floor(Date.now() / minute) * minute + minute / 2; // half-way through a period
    const looks = [0, 0];
    for (const gateway of [0, 1]) {
      const deps = { ...spareContexts(), ...documents, options, mailer, ledgerProof: prover, leases, notices, eventLog: unusedLog, logs: createAnalyticsLogReader(querier) };
      const stop = startPeriodicChecks(deps, (error) => { throw error; }, () => {
        looks[gateway] = (looks[gateway] ?? 0) + 1;
        return clock;
      });
      onTestFinished(stop);
    }
    const runs = async () => (await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 10)).items;
    const moreLooks = async (count: number) => {
      const target = looks.map((n) => n + count);
      await eventually(async () => (looks.every((n, i) => n >= (target[i] ?? 0)) ? true : undefined), 10_000, 'both gateways looking');
    };
    await moreLooks(2);
    expect(await runs()).toEqual([]); // started within a period: nothing runs at start

    clock += minute; // a period begins
    const [first] = await eventually(async () => ((await runs()).length > 0 ? runs() : undefined), 10_000, 'the scheduled run');
    expect(first).toMatchObject({ actor: { userId: 0, username: 'system' }, address: 'scheduled', detail: { clean: true } });
    await moreLooks(2);
    expect(await runs()).toHaveLength(1); // both gateways saw the period begin; one ran it
    expect(recorded.filter((kind) => kind === 'ledgerAudit')).toHaveLength(1);

    await options.set('LedgerAuditFrequency', '0');
    await moreLooks(1);
    clock += minute;
    await moreLooks(2);
    expect(await runs()).toHaveLength(1);
  });
});
