import type { StoredEvent } from '@tollgate/ledger';
import type { UsageRecorded } from '@tollgate/wire';
import { createKafkaEventLog, type KafkaEventLog, parseBrokers } from '@tollgate/ledger/kafka';
import { createMongoBalanceStore, type MongoBalanceStore } from '@tollgate/ledger/mongo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { type PrivateBroker, startPrivateBroker } from '../support/engines/private-broker.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * docs/scaling.md, "A broker outage": the broker dies under load; the gateways go on answering, their usage
 * spooled under DATA_DIR. One gateway is stopped (SIGTERM) under load and the other killed
 * (SIGKILL); both start again while the broker is still down, then the broker comes back. Every
 * answered call must be charged exactly once, and a balance held by spooled calls must not be
 * spent again, even after those holds' TTL has passed.
 */
const HOLD_TTL_SECONDS = 4;
const LOAD_USERS = 3;
const QUOTA = 100_000_000;
const COMPLETION_TOKENS = 1;
const promptOf = (index: number) => Array.from({ length: index + 1 }, () => 'w').join(' ');
const TIGHT_PROMPT_WORDS = 20;
/** What the tight user can afford: a few calls (how many, admission's hold sizes decide). */
const TIGHT_QUOTA = 3 * (TIGHT_PROMPT_WORDS + COMPLETION_TOKENS) + 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Customer { id: number; key: string }

describe('a broker outage under load, with a gateway stopped and one killed, costs nothing', () => {
  let broker: PrivateBroker;
  let cluster: ClusterRun;
  let ledger: RoleProcess;
  let envs: Record<string, string>[] = [];
  let gateways: GatewayProcess[] = [];
  let upstream: OpenAIMock;
  let log: KafkaEventLog;
  let balances: MongoBalanceStore;
  const loadUsers: Customer[] = [];
  let tight: Customer;
  /** Status per load call index. */
  const statuses = new Map<number, number>();
  let nextIndex = 0;

  async function addCustomer(name: string, quota: number): Promise<Customer> {
    const root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    const user = new ConsoleClient(gateways[0]!.url);
    await user.must('POST', '/api/user/register', { username: name, password: 'password-1', password2: 'password-1' });
    await user.login(name, 'password-1');
    const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota });
    const { key } = await createTokenKey(user, { name: 'k', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
    return { id, key };
  }

  const chat = (gateway: GatewayProcess, key: string, prompt: string) =>
    fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', max_tokens: 4, messages: [{ role: 'user', content: prompt }] }),
    }).then(async (r) => (await r.text(), r.status), () => 0);

  /** `count` load calls, `perSecond`, 8 in flight, over the gateways `pick` names per call. */
  async function load(count: number, perSecond: number, pick: (index: number) => GatewayProcess): Promise<void> {
    const first = nextIndex;
    nextIndex += count;
    const startedAt = Date.now();
    let next = first;
    const worker = async () => {
      while (next < first + count) {
        const index = next++;
        const wait = startedAt + ((index - first) * 1000) / perSecond - Date.now();
        if (wait > 0) await sleep(wait);
        statuses.set(index, await chat(pick(index), loadUsers[index % LOAD_USERS]!.key, promptOf(index)));
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  }

  const tightCall = (gateway: GatewayProcess) => chat(gateway, tight.key, promptOf(TIGHT_PROMPT_WORDS - 1));

  async function usageInLog(): Promise<UsageRecorded[]> {
    const events: StoredEvent[] = [];
    for await (const stored of log.readAll()) events.push(stored);
    const byId = new Map<string, UsageRecorded>();
    for (const { event } of events) if (event.type === 'UsageRecorded') byId.set(event.metadata.eventId, event);
    return [...byId.values()];
  }

  beforeAll(async () => {
    broker = await startPrivateBroker();
    cluster = new ClusterRun({ ...requiredClusterEngines(), KAFKA_BROKERS: broker.brokers }, { HOLD_TTL_SECONDS: String(HOLD_TTL_SECONDS) });
    upstream = await startOpenAIMock({ countPromptWords: true, completionTokens: COMPLETION_TOKENS });
    ledger = startRole('ledger', cluster.roleEnv());
    envs = [cluster.roleEnv(), cluster.roleEnv()];
    gateways = await Promise.all(envs.map((env) => startGatewayProcess(env)));
    const root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
    await root.must('PUT', '/api/option/', { key: 'PreConsumedQuota', value: '0' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    for (let i = 0; i < LOAD_USERS; i++) loadUsers.push(await addCustomer(`outage-${i}`, QUOTA));
    tight = await addCustomer('outage-tight', TIGHT_QUOTA);
    log = createKafkaEventLog({ brokers: parseBrokers(broker.brokers), topic: cluster.topic });
    balances = await createMongoBalanceStore({ uri: cluster.mongoUri });
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([...gateways.map((g) => g.stop()), ledger?.stop()]);
    await Promise.allSettled([log?.close(), balances?.close(), upstream?.close()]);
    await broker?.close();
    cluster?.removeDataDirs();
  });

  it('answers through the outage, keeps the spooled calls\' holds, and bills every answered call exactly once', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    const either = (index: number) => (index % 2 === 0 ? a : b);
    await load(60, 60, either);
    await broker.kill();
    await load(300, 100, either);

    // The tight user spends its whole quota on B while the broker is down; once those calls'
    // holds are past their TTL, neither gateway may let the same balance be spent again.
    const tightAnswered: number[] = [];
    for (let i = 0; i < 10; i++) {
      const status = await tightCall(b);
      if (status !== 200) break;
      tightAnswered.push(status);
    }
    expect(tightAnswered.length).toBeGreaterThan(0);
    expect(tightAnswered.length).toBeLessThan(10);
    await sleep((HOLD_TTL_SECONDS + 2) * 1000);
    expect([await tightCall(a), await tightCall(b)]).toEqual([403, 403]);

    // SIGKILL B (quiet for a moment: a kill -9 may take its last 20 ms, README) and SIGTERM A under load.
    await sleep(100);
    await b.kill();
    const loadOnA = load(100, 100, () => a);
    await sleep(300);
    const stopping = Date.now();
    await a.stop();
    const stopMs = Date.now() - stopping;
    await loadOnA;
    expect(stopMs).toBeLessThan(12_000); // stop() itself falls back to SIGKILL only after 15 s

    // Both start again while the broker is down (their spools keep the holds from start), then it comes back.
    const restarting = envs.map((env) => startGatewayProcess(env, 120_000));
    await sleep((HOLD_TTL_SECONDS + 1) * 1000);
    await broker.start();
    gateways = await Promise.all(restarting);
    expect(await tightCall(gateways[0]!)).toBe(403);

    const answered = [...statuses].filter(([, status]) => status === 200).map(([index]) => index);
    const usage = await eventually(async () => {
      const events = await usageInLog();
      const charged = new Set(events.filter((e) => e.data.userId !== tight.id).map((e) => e.data.promptTokens - 1));
      return answered.every((index) => charged.has(index)) ? events : undefined;
    }, 120_000, 'every answered call in the log');
    await eventually(async () => ((await log.lag('ledger')) === 0 ? true : undefined), 60_000, 'the ledger caught up');

    const loadEvents = usage.filter((e) => e.data.userId !== tight.id);
    const loadCharges = loadEvents.map((e) => e.data.promptTokens - 1);
    expect(new Set(loadCharges).size).toBe(loadCharges.length); // no call has two charges
    const unanswered = loadCharges.filter((index) => statuses.get(index) !== 200);
    expect(unanswered.every((index) => statuses.get(index) === 0)).toBe(true); // only a call cut off by the stop may be charged unseen

    const stored = await balances.users([...loadUsers.map((u) => u.id), tight.id]);
    // Each balance is its quota less its calls' charges, each charge once (a charge is the call's cost, at most its hold).
    const usedBy = (userId: number) => usage.filter((e) => e.data.userId === userId).reduce((sum, e) => sum + e.data.quota, 0);
    const expected = [
      ...loadUsers.map((user) => ({ quota: QUOTA - usedBy(user.id), usedQuota: usedBy(user.id), requestCount: loadEvents.filter((e) => e.data.userId === user.id).length })),
      { quota: TIGHT_QUOTA - usedBy(tight.id), usedQuota: usedBy(tight.id), requestCount: tightAnswered.length },
    ];
    expect(loadEvents.every((e) => loadUsers[(e.data.promptTokens - 1) % LOAD_USERS]!.id === e.data.userId)).toBe(true);
    expect(stored.map(({ quota, usedQuota, requestCount }) => ({ quota, usedQuota, requestCount }))).toEqual(expected);
    expect(stored.every((balance) => balance.quota >= 0)).toBe(true);
    console.info(`broker outage: ${answered.length} load calls answered, ${loadCharges.length} charged (${unanswered.length} cut off by the SIGTERM, unseen), SIGTERM took ${stopMs} ms; the tight user's quota held through the outage`);
  }, 300_000);
});
