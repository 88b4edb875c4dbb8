import { auditDrift, eachOnce, type StoredEvent } from '@tollgate/ledger';
import type { UsageRecorded } from '@tollgate/wire';
import { createKafkaEventLog, type KafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore, type MongoBalanceStore } from '@tollgate/ledger/mongo';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { driveLoad, type LoadResult } from '../support/fleets/load-driver.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * Partitions added under load (docs/scaling.md): calls flow through two gateway processes
 * while the topic grows from 4 to 8 partitions; one gateway is replaced by one on the new layout while
 * the other keeps the old one, so the same users' calls land on two partitions at once, and the
 * ledger (restarted to take the new partitions, applying several at once) writes their balances
 * from both. Users run out of quota near the end, so the gateways' admission depends on the
 * balances the ledger announces while that happens. Afterwards every answered call is charged
 * exactly once (one usage event each, folded into its user and token once), no balance is below
 * zero, and the log folds to exactly the stored balances (the audit).
 */
const USERS = 16;
const CALLS_PER_USER = 100;
const REQUESTS = USERS * CALLS_PER_USER;
const CONCURRENCY = 32;
const PER_SECOND = 80;
/** Calls before the gateway on the new layout joins; the growth comes a quarter of the way through them. */
const FIRST_RUN = 600;
const COST = 5 + 7; // the mock's prompt and completion tokens at ratio 1
/** Enough for about 80 of a user's 100 calls at full price; even users' tokens stop them at about 70. */
const USER_QUOTA = COST * 80;
const TOKEN_QUOTA = COST * 70;
const PARTITIONS_BEFORE = 4;
const PARTITIONS_AFTER = 8;

interface UserView { id: number }
interface Customer { id: number; key: string; tokenId: number; limited: boolean }

const userOf = (index: number) => index % USERS;

describe('partitions added while calls flow through two gateways', () => {
  let cluster: ClusterRun;
  let ledger: RoleProcess;
  let ledgerEnv: Record<string, string>;
  let gateways: GatewayProcess[] = [];
  /** Where calls go: a gateway being restarted is taken out first. */
  let serving: GatewayProcess[] = [];
  const retired: GatewayProcess[] = [];
  let upstream: OpenAIMock;
  let root: ConsoleClient;
  let admin: Admin;
  let log: KafkaEventLog;
  let balances: MongoBalanceStore;
  let load: LoadResult;
  const events: StoredEvent[] = [];
  const customers: Customer[] = [];

  async function addCustomer(name: string, limited: boolean): Promise<Customer> {
    const user = new ConsoleClient(gateways[0]!.url);
    await user.must('POST', '/api/user/register', { username: name, password: 'password-1', password2: 'password-1' });
    await user.login(name, 'password-1');
    const { id } = await user.must<UserView>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota: USER_QUOTA });
    const token = await createTokenKey(user, { name: 'key', remain_quota: limited ? TOKEN_QUOTA : 0, unlimited_quota: !limited, expired_time: -1 });
    return { id, key: token.key, tokenId: token.id, limited };
  }

  const chat = (index: number) => {
    const gateway = serving[index % serving.length]!;
    return fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customers[userOf(index)]!.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', max_tokens: 7, messages: [{ role: 'user', content: `call ${index}` }] }),
    }).then((r) => r.status);
  };

  /**
   * Puts a gateway started on the new layout in the rotation in one's place. The old one keeps
   * running until the end, sending what its spool still holds (a stopped gateway sends that only
   * when it starts again on its DATA_DIR).
   */
  function replaceGateway(which: number, fresh: GatewayProcess): void {
    retired.push(gateways[which]!);
    gateways[which] = fresh;
    serving = [...gateways];
  }

  beforeAll(async () => {
    const engines = requiredClusterEngines();
    cluster = new ClusterRun(engines, { KAFKA_PARTITIONS: String(PARTITIONS_BEFORE) });
    upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
    ledgerEnv = cluster.roleEnv();
    ledger = startRole('ledger', ledgerEnv);
    gateways = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
    serving = [...gateways];
    root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'PreConsumedQuota', value: '0' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    for (let i = 0; i < USERS; i++) customers.push(await addCustomer(`grow-${i}`, i % 2 === 0));
    admin = new Kafka({ brokers: engines.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    balances = await createMongoBalanceStore({ uri: cluster.mongoUri });
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([...new Set([...gateways, ...retired])].map((g) => g?.stop()).concat(ledger?.stop() ?? []));
    await Promise.allSettled([log?.close(), balances?.close(), upstream?.close(), admin?.disconnect()]);
    cluster?.removeDataDirs();
  });

  it(`answers ${REQUESTS} calls while the topic grows from ${PARTITIONS_BEFORE} to ${PARTITIONS_AFTER} partitions, and charges each answered call exactly once`, async () => {
    // Growing is the operator's step; restarting the ledger and rolling the gateways is how they
    // take the new layout at once (a running process sees it at its next metadata refresh, up to 5
    // minutes). A gateway takes tens of seconds to start on a busy machine, so the calls come in two
    // runs: the partitions are added under the first, while a gateway starts on the new layout; the
    // second goes through it and through the other gateway, still on the old one.
    let fresh: Promise<GatewayProcess> | undefined;
    const grow = async () => {
      await admin.createPartitions({ topicPartitions: [{ topic: cluster.topic, count: PARTITIONS_AFTER }] });
      fresh = startGatewayProcess({ ...cluster.roleEnv(), KAFKA_PARTITIONS: String(PARTITIONS_AFTER) });
      await ledger.stop();
      ledger = startRole('ledger', { ...ledgerEnv, KAFKA_PARTITIONS: String(PARTITIONS_AFTER) });
    };
    const first = await driveLoad({ total: FIRST_RUN, concurrency: CONCURRENCY, perSecond: PER_SECOND }, chat, [
      { name: 'partitions added', afterAnswered: FIRST_RUN / 4, downMs: 0, inject: grow, repair: async () => {} },
    ]);
    replaceGateway(1, await (fresh as Promise<GatewayProcess>));
    const second = await driveLoad({ total: REQUESTS - FIRST_RUN, concurrency: CONCURRENCY, perSecond: PER_SECOND }, (index) => chat(FIRST_RUN + index), []);
    load = { statuses: [...first.statuses, ...second.statuses], answeredDuring: first.answeredDuring };
    const answered = (user: number) => load.statuses.filter((s, i) => s === 200 && userOf(i) === user).length;
    const refused = load.statuses.filter((s) => s !== 200);
    expect(new Set(refused)).toEqual(new Set([403])); // out of quota, nothing else
    // The quotas bound: some calls were refused.
    expect(refused.length).toBeGreaterThan(0);

    log = createKafkaEventLog({ brokers: parseBrokers(ledgerEnv.KAFKA_BROKERS!), topic: cluster.topic });
    // A gateway's usage reaches the log from its spool a moment after the answer.
    const answeredCalls = REQUESTS - refused.length;
    const readLog = async () => {
      const all: StoredEvent[] = [];
      for await (const stored of log.readAll()) all.push(stored);
      return all.filter((e) => e.event.type === 'UsageRecorded').length >= answeredCalls ? all : undefined;
    };
    events.push(...(await eventually(readLog, 60_000, "every answered call's usage in the log", 1_000)));
    await eventually(async () => ((await log.lag('ledger')) === 0 ? true : undefined), 120_000, 'the ledger caught up');
    const usage = events.filter((e) => e.event.type === 'UsageRecorded').map((e) => ({ ...e, data: (e.event as UsageRecorded).data }));
    // One usage event per answered call, none for a refused one.
    expect(new Set(usage.map((e) => e.event.metadata.eventId)).size).toBe(answeredCalls);
    expect(usage).toHaveLength(answeredCalls);
    // The growth moved users while their old partition was still written: the case that lost debits.
    const partitionsOf = new Map<number, Set<number>>();
    for (const { partition, data } of usage) partitionsOf.set(data.userId, (partitionsOf.get(data.userId) ?? new Set()).add(partition));
    const moved = [...partitionsOf.values()].filter((partitions) => partitions.size > 1).length;
    expect(moved).toBeGreaterThan(0);

    const costOf = (pick: (data: UsageRecorded['data']) => boolean) => usage.filter((e) => pick(e.data)).reduce((sum, e) => sum + e.data.quota, 0);
    const users = await balances.users(customers.map((c) => c.id));
    expect(users.map((user) => ({ requestCount: user.requestCount, usedQuota: user.usedQuota, quota: user.quota }))).toEqual(
      customers.map((c, u) => ({ requestCount: answered(u), usedQuota: costOf((d) => d.userId === c.id), quota: USER_QUOTA - costOf((d) => d.userId === c.id) })),
    );
    expect(users.filter((user) => user.quota < 0)).toEqual([]);
    const tokens = await balances.tokens(customers.map((c) => c.tokenId));
    expect(tokens.map((token) => token.usedQuota)).toEqual(customers.map((c) => costOf((d) => d.tokenId === c.tokenId)));
    expect(tokens.filter((token, t) => customers[t]!.limited && token.remainQuota !== TOKEN_QUOTA - token.usedQuota)).toEqual([]);
    expect(tokens.filter((token) => token.remainQuota < 0)).toEqual([]);
    console.info(`partition growth: ${REQUESTS} calls (${usage.length} answered and charged, ${refused.length} refused for quota), ` +
      `${PARTITIONS_BEFORE} -> ${PARTITIONS_AFTER} partitions after ${FIRST_RUN / 4}; ${moved} of ${USERS} users charged on two partitions`);
  }, 300_000);

  it('folds the log to exactly the stored balances: the audit is clean', async () => {
    await ledger.stop(); // the audit compares a quiet store with the log
    const audit = await auditDrift(eachOnce(events), balances);
    expect(audit).toEqual({ eventsFolded: events.length, drifts: [] });
  }, 120_000);
});
