import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createSqliteBalanceStore } from '../adapters/sqlite/sqlite-balance-store.js';
import { createSqliteEventLog } from '../adapters/sqlite/sqlite-event-log.js';
import { affQuotaMigrated, affQuotaTransferred, inviterRewarded, quotaAdjusted, quotaGranted, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { tempSqlitePath } from '../testing/temp-sqlite.js';
import { auditDrift } from './audit-drift.js';
import { eachOnce } from './each-once.js';

/** A log of mixed events, all of it applied to the balances by hand (no worker: deterministic). */
async function appliedLedger() {
  const path = tempSqlitePath();
  const eventLog = createSqliteEventLog({ path });
  const balances = createSqliteBalanceStore({ path });
  onTestFinished(async () => {
    await eventLog.close();
    await balances.close();
  });
  const usage = usageRecorded({ quota: 30 });
  await eventLog.append([quotaGranted({ amount: 500 }), tokenQuotaSet({ remainQuota: 100 }), usage, usage]);
  await eventLog.append([quotaAdjusted({ userId: 2, delta: 7 }), usageRecorded({ userId: 2, tokenId: 20, quota: 3 })]);
  const migrated = affQuotaMigrated({ affQuota: 40 });
  await eventLog.append([inviterRewarded({ amount: 200 }), migrated, affQuotaTransferred({ amount: 150 }), migrated]);
  const all = [];
  for await (const stored of eventLog.readAll()) all.push(stored);
  await balances.apply(all);
  return { path, eventLog, balances };
}

describe('auditDrift', () => {
  it('finds no drift between the log and the balances the store applied', async () => {
    const { eventLog, balances } = await appliedLedger();
    expect(await auditDrift(eachOnce(eventLog.readAll()), balances)).toEqual({ eventsFolded: 8, drifts: [] }); // 10 appended, 2 of them a producer's repeats
  });

  it('reports a balance tampered with outside the ledger', async () => {
    const { path, eventLog, balances } = await appliedLedger();
    const db = new Database(path);
    db.prepare('UPDATE ledger_token_balances SET remain_quota = remain_quota + 1000 WHERE token_id = 10').run();
    db.close();
    const report = await auditDrift(eachOnce(eventLog.readAll()), balances);
    expect(report.drifts).toEqual([{ account: 'token', id: 10, field: 'remainQuota', expected: 70, actual: 1070 }]);
  });

  it('reports an invite quota tampered with outside the ledger', async () => {
    const { path, eventLog, balances } = await appliedLedger();
    const db = new Database(path);
    db.prepare('UPDATE ledger_user_balances SET aff_quota = aff_quota + 5 WHERE user_id = 1').run();
    db.close();
    const report = await auditDrift(eachOnce(eventLog.readAll()), balances);
    expect(report.drifts).toEqual([{ account: 'user', id: 1, field: 'affQuota', expected: 90, actual: 95 }]);
  });

  it('does not count events the worker has not applied yet as drift', async () => {
    const { eventLog, balances } = await appliedLedger();
    await eventLog.append([quotaGranted({ amount: 1 })]);
    expect((await auditDrift(eachOnce(eventLog.readAll()), balances)).drifts).toEqual([]);
  });
});
