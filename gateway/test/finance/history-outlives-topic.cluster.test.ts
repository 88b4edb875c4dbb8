import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, eventually, userWithKey } from '../support/clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * Issue #34's proof: statements and the ledger's proof read the history ClickHouse keeps (here
 * each gateway's chdb, fed from Kafka by its own ingestion), so deleting every record of the topic,
 * as retention does, changes neither; nor does restarting every role afterwards.
 */
const engines = requiredClusterEngines();
const cluster = new ClusterRun(engines);
const ledgerEnv = cluster.roleEnv();
const gatewayEnv = cluster.roleEnv();

interface SelfView { id: number; quota: number; used_quota: number; request_count: number }
interface AuditRun { clean: boolean; drift_count: number; mismatch_count: number }

describe('finance history outlives the Kafka topic', () => {
  let ledger: RoleProcess;
  let gateway: GatewayProcess;
  let upstream: OpenAIMock;
  let root: ConsoleClient;
  let userId = 0;
  const start = Math.floor(Date.now() / 1000) - 60;
  let end = 0;

  async function startRoles(): Promise<void> {
    ledger = startRole('ledger', ledgerEnv);
    gateway = await startGatewayProcess(gatewayEnv);
    root = new ConsoleClient(gateway.url);
    await root.login('root', '123456');
  }

  const statement = async (query: string) => {
    const response = await root.send('GET', `/api/statement?format=jsonl&start_timestamp=${start}&end_timestamp=${end}${query}`);
    expect(response.status).toBe(200);
    return (await response.text()).trim().split('\n');
  };
  const self = async () => (await root.must<{ items: SelfView[] }>('GET', `/api/user/search?keyword=hist-ann`)).items[0];
  /** The proof, once the ingestion has reached the ledger's checkpoints (until then it reports itself unsettled). */
  const cleanAudit = () => eventually(async () => {
    const run = await root.must<AuditRun>('POST', '/api/ledger_audit/');
    return run.clean ? run : undefined;
  }, 30_000, 'a clean, settled ledger proof', 500);

  beforeAll(async () => {
    upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
    await startRoles();
    for (const [key, value] of [['ModelRatio', '{"mock-model":1}'], ['CompletionRatio', '{"mock-model":1}'], ['PreConsumedQuota', '0']]) await root.must('PUT', '/api/option/', { key, value });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([gateway?.stop(), ledger?.stop()]);
    await upstream?.close();
    cluster.removeDataDirs();
  });

  it('gives the same statement line for line, a clean audit and the same balances after every record of the topic is deleted, and after a restart of every role', async () => {
    const { user, key } = await userWithKey(gateway.url, root, 'hist-ann', 10_000);
    userId = (await user.must<{ id: number }>('GET', '/api/user/self')).id;
    const [code] = await root.must<string[]>('POST', '/api/redemption/', { name: 'hist', quota: 2_500, count: 1 });
    expect(await user.must<number>('POST', '/api/user/topup', { key: code })).toBe(2_500);
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }) });
      expect(answer.status).toBe(200);
    }
    const settled = await eventually(async () => {
      const view = await self();
      return view?.request_count === 5 ? view : undefined;
    }, 15_000, 'the ledger applied the five calls');
    expect(settled.quota).toBe(10_000 + 2_500 - 5 * 12);
    end = (Math.floor(Date.now() / 60_000) + 2) * 60; // periods are whole minutes: the next but one, so every event above falls in it

    await cleanAudit();
    const before = { all: await statement(''), one: await statement(`&user_id=${userId}`) };
    expect(before.one.join('\n')).toContain('hist-ann');
    expect(before.one.length).toBeGreaterThan(2);

    const kafka = new Kafka({ clientId: 'history-test', brokers: engines.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(cluster.topic);
      expect(offsets.some((p) => Number(p.high) > 0)).toBe(true);
      await admin.deleteTopicRecords({ topic: cluster.topic, partitions: offsets.map((p) => ({ partition: p.partition, offset: p.high })) });
      const after = await admin.fetchTopicOffsets(cluster.topic);
      expect(after.every((p) => p.low === p.high)).toBe(true); // nothing left to read from the topic
    } finally {
      await admin.disconnect();
    }

    expect({ all: await statement(''), one: await statement(`&user_id=${userId}`) }).toEqual(before);
    await cleanAudit();
    expect(await self()).toEqual(settled);

    await Promise.all([gateway.stop(), ledger.stop()]);
    await startRoles();
    expect({ all: await statement(''), one: await statement(`&user_id=${userId}`) }).toEqual(before);
    await cleanAudit();
    expect(await self()).toEqual(settled);
  }, 180_000);
});
