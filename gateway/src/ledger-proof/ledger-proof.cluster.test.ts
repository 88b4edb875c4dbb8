import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClickHouseLedgerHistory, eventToLogRow, insertMovements, type LogRow, loggedConsumptionPerDay, logsKeptSince, logsTable, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import type { StoredEvent } from '@tollgate/ledger';
import { createKafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore } from '@tollgate/ledger/mongo';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { requiredClusterEngines } from '../../test/support/config.js';
import { startMockSmtp } from '../../test/support/mock-smtp.js';
import { createInProcessChangeNotices } from '../adapters/in-process/change-notices.js';
import { createMongoDocuments } from '../adapters/mongo/index.js';
import { RedisLeases } from '../adapters/redis/fleet/leases.js';
import { createAnalyticsLogReader } from '../adapters/analytics/analytics-log-reader.js';
import { startPeriodicChecks } from '../channels/periodic-checks.js';
import { spareContexts } from '../../test/fakes/spare-contexts.js';
import { OptionCache } from '../options/option-cache.js';
import { eventually } from '../../test/support/clients/console-client.js';
import { systemActor } from '../ports/documents/audit-event.js';
import { createLedgerProver } from './ledger-prover.js';
import { proveAndRecord } from './record-proof.js';
import { rootWithMailbox, twoUsersHistory } from './testing/proof-fixtures.js';

const engines = requiredClusterEngines();

function freshDatabase(prefix: string): string {
  const url = new URL(engines.MONGODB_URI);
  url.pathname = `/${prefix}_${randomBytes(6).toString('hex')}`;
  return url.toString();
}

/** The two users' history on a fresh Kafka topic, applied to fresh MongoDB balances, with its log rows in chdb; root has a mailbox. */
async function clusterLedger() {
  const topic = `tg-proof-${randomBytes(4).toString('hex')}`;
  const events = createKafkaEventLog({ brokers: parseBrokers(engines.KAFKA_BROKERS), topic, partitions: 4 });
  const balancesUri = freshDatabase('proof_ledger');
  const balances = await createMongoBalanceStore({ uri: balancesUri });
  const documents = await createMongoDocuments({ uri: freshDatabase('proof_docs') });
  const chdbDir = await mkdtemp(join(tmpdir(), 'tollgate-proof-chdb-'));
  const querier = createChdbQuerier({ path: chdbDir });
  onTestFinished(async () => {
    await querier.close();
    await rm(chdbDir, { recursive: true, force: true });
    await documents.close();
    await balances.close();
    await events.close();
  });
  await migrate(querier);
  const history = twoUsersHistory();
  await events.append(history);
  const stored: StoredEvent[] = [];
  for await (const one of events.readAll()) stored.push(one);
  await balances.apply(stored);
  await querier.insert(logsTable, history.map(eventToLogRow).filter((row): row is LogRow => row !== null));
  await insertMovements(querier, stored);
  const kept = new ClickHouseLedgerHistory(querier);
  const smtp = await startMockSmtp();
  const deps = {
    ledgerProof: createLedgerProver({ events: kept, historyThrough: () => kept.ingestedThrough(), balances, loggedConsumption: loggedConsumptionPerDay(querier), logsKeptSince: logsKeptSince(querier) }),
    auditTrail: documents.auditTrail,
    users: documents.users,
    mailer: await rootWithMailbox(documents, smtp),
    notices: createInProcessChangeNotices(),
  };
  return { events, balancesUri, documents, querier, smtp, deps };
}

describe('the ledger proof on cluster engines (Kafka log, MongoDB balances and audit trail)', () => {
  it('finds a balance tampered with directly in MongoDB, stores the run there and mails root; clean before it', async () => {
    const { balancesUri, documents, smtp, deps } = await clusterLedger();
    const fail = (error: unknown) => { throw error; };

    const clean = await proveAndRecord(deps, systemActor, 'scheduled', fail);
    expect(clean.proof).toMatchObject({ clean: true, settled: true, drifts: [], consumptionMismatches: [], eventsFolded: 42 });

    const direct = await mongoose.createConnection(balancesUri).asPromise();
    await direct.collection('ledger_users').updateOne({ _id: 1 as never }, { $inc: { quota: -250 } });
    await direct.close();
    const tampered = await proveAndRecord(deps, systemActor, 'scheduled', fail);
    expect(tampered.proof.drifts).toEqual([expect.objectContaining({ account: 'user', id: 1, field: 'quota' })]);
    const [drift] = tampered.proof.drifts;
    expect(Number(drift?.actual) - Number(drift?.expected)).toBe(-250);
    expect((await smtp.nextMail()).to).toEqual(['root@tollgate.test']);
    const runs = (await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 5)).items;
    expect(runs.map((run) => (run.detail as { clean: boolean }).clean)).toEqual([false, true]);
  });

  it('LedgerAuditFrequency: two gateways, each on its own Redis connection to the leases, run the scheduled proof once as a period begins, and not at start', { timeout: 60_000 }, async () => {
    const { events, documents, querier, deps } = await clusterLedger();
    const options = new OptionCache(documents.options);
    await options.set('LedgerAuditFrequency', '1');
    const minute = 60_000;
    let clock = Math.floor(Date.now() / minute) * minute + minute / 2;
    const looks = [0, 0];
    const prefix = `tg-proof-leases-${randomBytes(4).toString('hex')}:`;
    for (const gateway of [0, 1]) {
      const redis = new Redis(engines.REDIS_URL);
      const gatewayDeps = { ...spareContexts(), ...documents, ...deps, options, leases: new RedisLeases(redis, prefix), eventLog: events, logs: createAnalyticsLogReader(querier) };
      const stop = startPeriodicChecks(gatewayDeps, (error) => { throw error; }, () => {
        looks[gateway] = (looks[gateway] ?? 0) + 1;
        return clock;
      });
      onTestFinished(async () => {
        stop();
        await redis.quit();
      });
    }
    const runs = async () => (await documents.auditTrail.page({ type: 'LedgerAudited' }, 0, 10)).items;
    const moreLooks = async (count: number) => {
      const target = looks.map((n) => n + count);
      await eventually(async () => (looks.every((n, i) => n >= (target[i] ?? 0)) ? true : undefined), 10_000, 'both gateways looking');
    };
    await moreLooks(2);
    expect(await runs()).toEqual([]);
    clock += minute;
    await eventually(async () => ((await runs()).length > 0 ? true : undefined), 30_000, 'the scheduled run');
    await moreLooks(3);
    const [only, ...more] = await runs();
    expect(more).toEqual([]);
    expect(only).toMatchObject({ address: 'scheduled', detail: { clean: true, events_folded: 42 } });
  });
});
