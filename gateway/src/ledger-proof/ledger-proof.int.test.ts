import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, eventToLogRow, type LogRow, loggedConsumptionPerDay, logsKeptSince, logsTable, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import type { StoredEvent } from '@tollgate/ledger';
import { createSqliteBalanceStore, createSqliteEventLog } from '@tollgate/ledger/sqlite';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startMockSmtp } from '../../test/support/mock-smtp.js';
import { openTempDocuments } from '../adapters/sqlite/test-documents.js';
import { systemActor } from '../audit/audit-event.js';
import { createLedgerProver } from './ledger-prover.js';
import { proveAndRecord } from './record-proof.js';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { InProcessLeases } from '../adapters/in-process/leases.js';
import { createAnalyticsLogReader } from '../analytics-log-reader.js';
import { startPeriodicChecks } from '../channels/periodic-checks.js';
import { OptionCache } from '../options/option-cache.js';
import { eventually } from '../../test/support/console-client.js';
import { rootWithMailbox, twoUsersHistory } from './testing/proof-fixtures.js';

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

/** Two users over two days (hours in the past), applied to the balances and ingested as log rows, as the workers would. */
async function ledgerWithLogs() {
  const dir = await mkdtemp(join(tmpdir(), 'tollgate-ledger-'));
  const path = join(dir, 'ledger.db');
  const events = createSqliteEventLog({ path });
  const balances = createSqliteBalanceStore({ path });
  onTestFinished(async () => {
    await events.close();
    await balances.close();
    await rm(dir, { recursive: true, force: true });
  });
  const log = twoUsersHistory();
  await events.append(log);
  const stored: StoredEvent[] = [];
  for await (const one of events.readAll()) stored.push(one);
  await balances.apply(stored);
  await querier.insert(logsTable, log.map(eventToLogRow).filter((row): row is LogRow => row !== null));
  const prover = createLedgerProver({ events, balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) });
  return { path, prover };
}

/** Root with an email, the mailer pointed at a real local SMTP server. */
async function rootMailbox() {
  const smtp = await startMockSmtp();
  const temp = openTempDocuments();
  onTestFinished(temp.close);
  return { smtp, documents: temp.documents, mailer: await rootWithMailbox(temp.documents, smtp) };
}

describe('the ledger proof on embedded engines (SQLite balances and log, chdb log rows)', () => {
  it('finds zero drift and matching consumption on a clean ledger, and stores the run without mail', async () => {
    const { prover } = await ledgerWithLogs();
    const { smtp, documents, mailer } = await rootMailbox();
    const { proof, event } = await proveAndRecord({ ledgerProof: prover, auditTrail: documents.auditTrail, users: documents.users, mailer }, systemActor, 'scheduled', (error) => { throw error; });
    expect(proof).toMatchObject({ clean: true, settled: true, drifts: [], consumptionMismatches: [], eventsFolded: 42, usersChecked: 2, tokensChecked: 2 });
    expect(proof.daysCompared).toBeGreaterThanOrEqual(2);
    expect((await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 5)).items).toEqual([event]);
    expect(event.detail).toMatchObject({ clean: true, drift_count: 0, mismatch_count: 0 });
    expect(smtp.mails).toEqual([]);
  });

  it('finds a balance tampered with directly in the store, names the user, and mails root', async () => {
    const { path, prover } = await ledgerWithLogs();
    const db = new Database(path);
    const { quota } = db.prepare('SELECT quota FROM ledger_user_balances WHERE user_id = 2').get() as { quota: number };
    db.prepare('UPDATE ledger_user_balances SET quota = quota + 777 WHERE user_id = 2').run();
    db.close();
    const { smtp, documents, mailer } = await rootMailbox();
    const { proof } = await proveAndRecord({ ledgerProof: prover, auditTrail: documents.auditTrail, users: documents.users, mailer }, systemActor, 'scheduled', (error) => { throw error; });
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
    const { prover } = await ledgerWithLogs();
    await querier.command(`DELETE FROM ${logsTable} WHERE id = 'usage-3'`);
    const proof = await prover.run();
    expect(proof.drifts).toEqual([]);
    expect(proof.consumptionMismatches).toHaveLength(1);
    const [mismatch] = proof.consumptionMismatches;
    expect(mismatch).toMatchObject({ userId: 2 });
    expect((mismatch?.ledger ?? 0) - (mismatch?.logs ?? 0)).toBe(13);
  });

  it('does not compare days whose log rows were deleted (retention)', async () => {
    const { prover } = await ledgerWithLogs();
    const cutoff = Math.floor(Date.now() / 1000);
    await querier.insert('logs_deleted_before', [{ before: cutoff }]);
    await querier.command(`DELETE FROM ${logsTable} WHERE created_at < toDateTime({before:UInt32})`, { before: cutoff });
    const proof = await prover.run();
    expect(proof).toMatchObject({ clean: true, daysCompared: 0, consumptionMismatches: [] });
  });

  it('LedgerAuditFrequency: 0 runs no scheduled audit; minutes run one at once, then once per period, stored as the scheduled run', async () => {
    const { prover } = await ledgerWithLogs();
    const { documents, mailer } = await rootMailbox();
    const options = new OptionCache(documents.options);
    await options.set('LedgerAuditFrequency', '0');
    const unusedLog = createSqliteEventLog({ path: ':memory:' }); // the chores switched off by default (channel notices) would write here
    onTestFinished(() => unusedLog.close());
    const stop = startPeriodicChecks(
      { ...documents, options, mailer, ledgerProof: prover, leases: new InProcessLeases(), notices: createInProcessChangeNotices(), eventLog: unusedLog, logs: createAnalyticsLogReader(querier) },
      (error) => { throw error; },
    );
    onTestFinished(stop);
    const runs = async () => (await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 10)).items;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a second's look has passed: off means none
    expect(await runs()).toEqual([]);
    await options.set('LedgerAuditFrequency', '60');
    const [first] = await eventually(async () => ((await runs()).length > 0 ? runs() : undefined), 5_000, 'the scheduled run');
    expect(first).toMatchObject({ actor: { userId: 0, username: 'system' }, address: 'scheduled', detail: { clean: true } });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // more looks within the hour's period run nothing more
    expect(await runs()).toHaveLength(1);
  });
});
