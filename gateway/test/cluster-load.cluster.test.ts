import { createKafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore } from '@tollgate/ledger/mongo';
import { auditDrift, type StoredEvent } from '@tollgate/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from './mock-upstream/openai-mock.js';
import { ClusterRun } from './support/cluster-run.js';
import { requiredClusterEngines } from './support/config.js';
import { ConsoleClient, eventually } from './support/console-client.js';
import { type PrivateBroker, startPrivateBroker } from './support/private-broker.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from './support/role-process.js';

/**
 * Load with a fault: a few thousand calls spread over two gateway processes while the Kafka
 * broker is killed (SIGKILL) and started again under them. Every call must be answered, billed
 * exactly once (balances equal the fold of the log: zero drift) and logged as exactly one
 * ClickHouse row.
 */
const REQUESTS = 2_000;
const CONCURRENCY = 32;
const USERS = 8;
const COST = 5 + 7; // the mock's prompt and completion tokens at ratio 1
const QUOTA = 1_000_000;

interface UserView { id: number; quota: number; used_quota: number }
interface LogPage { total: number }
interface LogStat { quota: number }

describe('cluster under load: a Kafka broker killed and restarted loses and doubles nothing', () => {
  let broker: PrivateBroker;
  let cluster: ClusterRun;
  let ledger: RoleProcess;
  let gateways: GatewayProcess[] = [];
  let upstream: OpenAIMock;
  let root: ConsoleClient;
  const users: { id: number; key: string }[] = [];

  async function addUser(name: string): Promise<{ id: number; key: string }> {
    const user = new ConsoleClient(gateways[0]!.url);
    await user.must('POST', '/api/user/register', { username: name, password: 'password-1', password2: 'password-1' });
    await user.login(name, 'password-1');
    const { id } = await user.must<UserView>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota: QUOTA });
    await user.must('POST', '/api/token/', { name: 'key', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
    const { items } = await user.must<{ items: { key: string }[] }>('GET', '/api/token/?p=0&size=10');
    return { id, key: `sk-${items[0]?.key}` };
  }

  const chat = (call: number) => {
    const gateway = gateways[call % gateways.length]!;
    const user = users[call % USERS]!;
    return fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', max_tokens: 16, messages: [{ role: 'user', content: `call ${call}` }] }),
    }).then((r) => r.status, () => 0);
  };

  /**
   * Sends REQUESTS calls, CONCURRENCY at a time. Once a third are answered the broker is stopped
   * for two seconds; resolves with every status and how many calls were answered while it was down.
   */
  async function driveThroughBrokerRestart(): Promise<{ statuses: number[]; answeredWhileDown: number }> {
    const statuses: number[] = [];
    let next = 0;
    let answered = 0;
    let outage: Promise<number> | undefined;
    const restartBroker = async () => {
      await broker.kill();
      const before = answered;
      await new Promise((r) => setTimeout(r, 2_000));
      const during = answered - before;
      await broker.start();
      return during;
    };
    const worker = async () => {
      while (next < REQUESTS) {
        const call = next++;
        statuses[call] = await chat(call);
        if (++answered === Math.floor(REQUESTS / 3)) outage = restartBroker();
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return { statuses, answeredWhileDown: (await outage) ?? 0 };
  }

  beforeAll(async () => {
    broker = await startPrivateBroker();
    const engines = requiredClusterEngines();
    cluster = new ClusterRun({ ...engines, KAFKA_BROKERS: broker.brokers });
    upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
    ledger = startRole('ledger', cluster.roleEnv());
    gateways = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
    root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'PreConsumedQuota', value: '0' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    for (let i = 0; i < USERS; i++) users.push(await addUser(`load-${i}`));
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([...gateways.map((g) => g.stop()), ledger?.stop()]);
    await upstream?.close();
    await broker?.close();
    cluster?.removeDataDirs();
  });

  it(`answers ${REQUESTS} calls across a broker crash, bills each exactly once, logs each once`, async () => {
    const { statuses, answeredWhileDown } = await driveThroughBrokerRestart();
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(answeredWhileDown).toBeGreaterThan(0);

    const perUser = REQUESTS / USERS;
    for (const { id } of users) {
      const user = await eventually(async () => {
        const view = await root.must<UserView>('GET', `/api/user/${id}`);
        return view.used_quota >= perUser * COST ? view : undefined;
      }, 60_000, `the ledger billed user ${id}`);
      expect({ quota: user.quota, used: user.used_quota }).toEqual({ quota: QUOTA - perUser * COST, used: perUser * COST });
    }

    await ledger.stop(); // the audit compares a quiet store with the log
    const log = createKafkaEventLog({ brokers: parseBrokers(broker.brokers), topic: cluster.topic });
    const balances = await createMongoBalanceStore({ uri: cluster.mongoUri });
    try {
      const events: StoredEvent[] = [];
      for await (const stored of log.readAll()) events.push(stored);
      const usage = events.filter((e) => e.event.type === 'UsageRecorded');
      expect(new Set(usage.map((e) => e.event.metadata.eventId)).size).toBe(REQUESTS);
      const report = await auditDrift(events, balances);
      expect(report.drifts).toEqual([]);
      expect(report.eventsFolded).toBe(events.length);
    } finally {
      await Promise.allSettled([log.close(), balances.close()]);
    }

    for (const gateway of gateways) {
      const admin = new ConsoleClient(gateway.url);
      await admin.login('root', '123456');
      const rows = await eventually(async () => {
        const page = await admin.must<LogPage>('GET', '/api/log/?type=2&p=0&page_size=1');
        return page.total >= REQUESTS ? page.total : undefined;
      }, 60_000, `every call reached the ClickHouse behind ${gateway.url}`);
      expect(rows).toBe(REQUESTS);
      expect((await admin.must<LogStat>('GET', '/api/log/stat?type=2')).quota).toBe(REQUESTS * COST);
    }
  }, 300_000);
});
