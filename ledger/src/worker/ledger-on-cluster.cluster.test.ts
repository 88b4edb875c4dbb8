import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancePublisher } from '../ports/balance-notifier.js';
import { createKafkaEventLog, parseBrokers } from '../adapters/kafka/kafka-event-log.js';
import { Collections } from '../adapters/mongo/balance-documents.js';
import { createMongoBalanceStore, type MongoBalanceStore } from '../adapters/mongo/mongo-balance-store.js';
import { auditDrift } from '../audit/audit-drift.js';
import { eachOnce } from '../audit/each-once.js';
import { recomputeBalances } from '../audit/balance-fold.js';
import type { LedgerEvent } from '@tollgate/wire';
import type { StoredEvent } from '../ports/event-log.js';
import { clusterEngines, freshMongoUri } from '../testing/cluster-engines.js';
import { quotaGranted, tokenQuotaSet, usageRecorded } from '../testing/event-builders.js';
import { startLedgerWorker } from './ledger-worker.js';

/** The dedup markers outlive every test: nothing here is forgotten. */
const markerSweep = { windowMs: 7 * 86_400_000 };

/**
 * The ledger on its cluster engines: Kafka (4 partitions) and MongoDB balances. Events for many
 * users go in while the worker is stopped and started again; the audit must find zero drift.
 */
const engines = clusterEngines();
const USERS = 12;
const USAGES_PER_USER = 40;

function workload(): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  for (let userId = 1; userId <= USERS; userId++) {
    events.push(quotaGranted({ userId, amount: 100_000 }), tokenQuotaSet({ userId, tokenId: userId * 10, remainQuota: 50_000 }));
  }
  for (let round = 0; round < USAGES_PER_USER; round++) {
    for (let userId = 1; userId <= USERS; userId++) {
      events.push(usageRecorded({ userId, tokenId: userId * 10, channelId: 100 + (round % 3), quota: 7 + ((round * 31 + userId * userId) % 29) }));
    }
  }
  return events;
}

describe('the ledger on Kafka and MongoDB', () => {
  const log = createKafkaEventLog({ brokers: parseBrokers(engines.KAFKA_BROKERS), topic: `tg-ledger-cluster-${randomBytes(4).toString('hex')}`, partitions: 4 });
  const uri = freshMongoUri(engines.MONGODB_URI, 'ledger_worker');
  let balances: MongoBalanceStore;
  const events = workload();

  const readAll = async () => {
    const all: StoredEvent[] = [];
    for await (const stored of log.readAll()) all.push(stored);
    return all;
  };
  /** Waits until the workers announced `total` applied events (the log may hold them all long before), then audits. */
  const caughtUp = async (group: string, applied: () => number, total: number) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (applied() >= total) return auditDrift(eachOnce(await readAll()), balances);
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`worker of ${group} did not catch up: ${applied()} of ${total} events applied`);
  };

  beforeAll(async () => {
    balances = await createMongoBalanceStore({ uri });
  });

  afterAll(async () => {
    await log.close();
    await balances?.close();
  });

  it('applies every event exactly once across a stop and a restart: zero drift', async () => {
    const half = Math.floor(events.length / 2);
    let applied = 0;
    const notifier: BalancePublisher = {
      publish: async (changes) => {
        applied += changes.appliedEvents.length;
      },
    };
    const first = await startLedgerWorker({ eventLog: log, balances, notifier, markerSweep, group: 'ledger', maxBatch: 50 });
    await log.append(events.slice(0, half));
    await new Promise((r) => setTimeout(r, 300));
    await first.stop();
    await log.append(events.slice(half));
    // The restarted worker applies its four partitions at once.
    const second = await startLedgerWorker({ eventLog: log, balances, notifier, markerSweep, group: 'ledger', maxBatch: 50, partitionsAtOnce: 4 });
    const report = await caughtUp('ledger', () => applied, events.length);
    expect(report.eventsFolded).toBe(events.length);
    await second.stop();
    expect(applied).toBe(events.length); // each event applied once: none twice across the restart
    expect(report.drifts).toEqual([]);
    const all = await readAll();
    expect(all).toHaveLength(events.length);
    const expected = recomputeBalances(all).users;
    expect(await balances.users([1, 5, 12])).toEqual([1, 5, 12].map((id) => expected.find((u) => u.userId === id)));
  });

  it('changes nothing when the ledger replays the whole log from offset zero, its checkpoints lost', async () => {
    const before = { users: await balances.users([1, 2, 3]), channels: await balances.channels([100, 101, 102]) };
    // Without checkpoints only the offsets kept on each balance document stand between a replay and a double debit.
    const raw = await mongoose.createConnection(uri).asPromise();
    await raw.collection(Collections.checkpoints).deleteMany({});
    await raw.close();
    const heard: number[] = [];
    const notifier: BalancePublisher = { publish: async (changes) => void heard.push(changes.appliedEvents.length) };
    // A new consumer group has no committed offsets: it reads from the start of the topic.
    const replay = await startLedgerWorker({ eventLog: log, balances, notifier, markerSweep, group: 'ledger-replay', maxBatch: 100 });
    await new Promise((r) => setTimeout(r, 3_000));
    await replay.stop();
    expect(heard.reduce((a, b) => a + b, 0)).toBe(0);
    expect({ users: await balances.users([1, 2, 3]), channels: await balances.channels([100, 101, 102]) }).toEqual(before);
    expect((await auditDrift(eachOnce(await readAll()), balances)).drifts).toEqual([]);
  });
});
