import { join } from 'node:path';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { auditDrift, type BalancePublisher, eachOnce, type StoredEvent, startLedgerWorker } from '@tollgate/ledger';
import { createKafkaEventLog, type KafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore, MongoBalanceCollections, type MongoBalanceStore } from '@tollgate/ledger/mongo';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { driveLoad, type LoadResult } from '../support/fleets/load-driver.js';
import { type PrivateBroker, startPrivateBroker } from '../support/engines/private-broker.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/** The dedup markers outlive every test: nothing here is forgotten. */
const markerSweep = { windowMs: 7 * 86_400_000 };

/**
 * The cluster under load with faults: a few thousand calls for several users and tokens, spread
 * over two gateway processes, with a ledger and an analytics worker as processes of their own.
 * Under the load the Kafka broker is killed (SIGKILL) and restarted, then the ledger is killed and
 * replaced; afterwards the ledger replays the log from offset zero. Every balance must be exact,
 * the log must fold to the stored balances (zero drift), and ClickHouse must hold one row per call.
 */
const REQUESTS = 3_000;
const CONCURRENCY = 32;
/** 3,000 calls over 12 s: the broker's 2 s down time and the ledger's 1 s fall well inside. */
const PER_SECOND = 250;
const USERS = 8;
const TOKENS_PER_USER = 2;
const COST = 5 + 7; // the mock's prompt and completion tokens at ratio 1
const QUOTA = 1_000_000;

interface UserView { id: number; quota: number; used_quota: number }
interface Customer { id: number; keys: string[]; tokenIds: number[] }

const callsOf = (index: number) => ({ user: index % USERS, token: Math.floor(index / USERS) % TOKENS_PER_USER });
const countOf = (pick: (index: number) => boolean) => Array.from({ length: REQUESTS }, (_, i) => i).filter(pick).length;

describe('cluster under load: a broker crash, a ledger crash and a replay lose and double nothing', () => {
  let broker: PrivateBroker;
  let cluster: ClusterRun;
  let ledger: RoleProcess;
  let analytics: RoleProcess;
  let analyticsDataDir: string;
  let gateways: GatewayProcess[] = [];
  let upstream: OpenAIMock;
  let root: ConsoleClient;
  let log: KafkaEventLog;
  let balances: MongoBalanceStore;
  let load: LoadResult;
  const customers: Customer[] = [];

  async function addCustomer(name: string): Promise<Customer> {
    const user = new ConsoleClient(gateways[0]!.url);
    await user.must('POST', '/api/user/register', { username: name, password: 'password-1', password2: 'password-1' });
    await user.login(name, 'password-1');
    const { id } = await user.must<UserView>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota: QUOTA });
    const tokens: { id: number; key: string }[] = [];
    for (let t = 0; t < TOKENS_PER_USER; t++) tokens.push(await createTokenKey(user, { name: `key-${t}`, remain_quota: 0, unlimited_quota: true, expired_time: -1 }));
    return { id, keys: tokens.map((t) => t.key), tokenIds: tokens.map((t) => t.id) };
  }

  const chat = (index: number) => {
    const { user, token } = callsOf(index);
    return fetch(`${gateways[index % gateways.length]!.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customers[user]!.keys[token]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', max_tokens: 16, messages: [{ role: 'user', content: `call ${index}` }] }),
    }).then((r) => r.status);
  };

  const readLog = async () => {
    const events: StoredEvent[] = [];
    for await (const stored of log.readAll()) events.push(stored);
    return events;
  };

  const snapshot = async () => ({
    users: await balances.users(customers.map((c) => c.id)),
    tokens: await balances.tokens(customers.flatMap((c) => c.tokenIds)),
  });

  beforeAll(async () => {
    broker = await startPrivateBroker();
    cluster = new ClusterRun({ ...requiredClusterEngines(), KAFKA_BROKERS: broker.brokers });
    upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
    ledger = startRole('ledger', cluster.roleEnv());
    const analyticsEnv = cluster.roleEnv();
    analyticsDataDir = analyticsEnv.DATA_DIR!;
    analytics = startRole('analytics', analyticsEnv);
    gateways = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
    root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'PreConsumedQuota', value: '0' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    for (let i = 0; i < USERS; i++) customers.push(await addCustomer(`load-${i}`));
    log = createKafkaEventLog({ brokers: parseBrokers(broker.brokers), topic: cluster.topic });
    balances = await createMongoBalanceStore({ uri: cluster.mongoUri });
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([...gateways.map((g) => g.stop()), ledger?.stop(), analytics?.stop()]);
    await Promise.allSettled([log?.close(), balances?.close(), upstream?.close()]);
    await broker?.close();
    cluster?.removeDataDirs();
  });

  it(`answers ${REQUESTS} calls through a broker crash and a ledger crash, and bills each exactly once`, async () => {
    load = await driveLoad({ total: REQUESTS, concurrency: CONCURRENCY, perSecond: PER_SECOND }, chat, [
      { name: 'broker killed', afterAnswered: REQUESTS / 4, downMs: 2_000, inject: () => broker.kill(), repair: () => broker.start() },
      { name: 'ledger killed', afterAnswered: REQUESTS / 2, downMs: 1_000, inject: () => ledger.kill(), repair: async () => void (ledger = startRole('ledger', cluster.roleEnv())) },
    ]);
    expect(load.statuses.filter((s) => s !== 200)).toEqual([]);
    expect(load.answeredDuring['broker killed']).toBeGreaterThan(0);
    expect(load.answeredDuring['ledger killed']).toBeGreaterThan(0);

    const expectedUsers = customers.map((c, u) => {
      const used = countOf((i) => callsOf(i).user === u) * COST;
      return { userId: c.id, quota: QUOTA - used, usedQuota: used, requestCount: used / COST, affQuota: 0, affHistoryQuota: 0, affCount: 0 };
    });
    // Events published while the broker was down wait in the gateways' buffers until it is back.
    await eventually(async () => {
      const { users } = await snapshot();
      return users.every((user, u) => user.usedQuota >= expectedUsers[u]!.usedQuota) ? true : undefined;
    }, 90_000, 'every call reached the ledger');
    await eventually(async () => ((await log.lag('ledger')) === 0 ? true : undefined), 30_000, 'the ledger caught up');
    const { users, tokens } = await snapshot();
    expect(users).toEqual(expectedUsers);
    expect(tokens.map((t) => t.usedQuota)).toEqual(customers.flatMap((_, u) => Array.from({ length: TOKENS_PER_USER }, (_, k) => countOf((i) => callsOf(i).user === u && callsOf(i).token === k) * COST)));
    expect((await root.must<UserView>('GET', `/api/user/${customers[0]!.id}`)).used_quota).toBe(users[0]!.usedQuota);
  }, 300_000);

  it('folds the log to exactly the stored balances, and a replay from offset zero changes nothing', async () => {
    await ledger.stop(); // the audit compares a quiet store with the log
    const events = await readLog();
    const usage = events.filter((e) => e.event.type === 'UsageRecorded');
    expect(new Set(usage.map((e) => e.event.metadata.eventId)).size).toBe(REQUESTS);
    const audit = await auditDrift(eachOnce(events), balances);
    expect(audit).toEqual({ eventsFolded: events.length, drifts: [] });

    const before = await snapshot();
    const raw = await mongoose.createConnection(cluster.mongoUri).asPromise();
    await raw.collection(MongoBalanceCollections.checkpoints).deleteMany({});
    await raw.close();
    const applied: string[] = [];
    const notifier: BalancePublisher = { publish: async (changes) => void applied.push(...changes.appliedEvents.map((event) => event.eventId)) };
    const replay = await startLedgerWorker({ eventLog: log, balances, notifier, markerSweep, group: 'ledger-replay' });
    await eventually(async () => ((await log.lag('ledger-replay')) === 0 ? true : undefined), 60_000, 'the replay read the whole log');
    await replay.stop();
    expect(applied).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await auditDrift(eachOnce(await readLog()), balances)).drifts).toEqual([]);
    console.info(`cluster load: ${REQUESTS} calls, ${events.length} events, ${before.users.length} user and ${before.tokens.length} token balances exact; ` +
      `answered during faults ${JSON.stringify(load.answeredDuring)}; drift 0; replay from zero applied ${applied.length}`);
  }, 120_000);

  it('holds exactly one ClickHouse row per call, written by the analytics worker', async () => {
    await eventually(async () => ((await log.lag('analytics')) === 0 ? true : undefined), 60_000, 'the analytics worker caught up');
    await analytics.stop(); // chdb keeps its files to one process at a time
    const querier = createChdbQuerier({ path: join(analyticsDataDir, 'analytics') });
    try {
      const [rows] = await querier.query({
        sql: 'SELECT count() AS rows, uniqExact(id) AS ids, sum(quota) AS quota FROM logs FINAL WHERE type = 2',
        schema: z.object({ rows: z.coerce.number(), ids: z.coerce.number(), quota: z.coerce.number() }),
      });
      expect(rows).toEqual({ rows: REQUESTS, ids: REQUESTS, quota: REQUESTS * COST });
    } finally {
      await querier.close();
    }
  }, 120_000);
});
