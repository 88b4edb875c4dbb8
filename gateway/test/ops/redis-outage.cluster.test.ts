import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { type PrivateRedis, startPrivateRedis } from '../support/engines/private-redis.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * Issue #33, item 6: Redis dies under load and comes back (empty, on the same port). Background
 * work that touched it (a change notice's publish, the ledger's notices, the hot-state scripts)
 * failed with ioredis' errors; before, one such rejection nobody owned ended a gateway on Node 20.
 * Now no process may exit, calls must be answered again once Redis is back, and a channel change
 * made during the outage (its notice lost) must reach every gateway's routing table.
 */
const OUTAGE_MS = 15_000; // longer than ioredis' 20 retries per command (about 10 s): commands fail, not just wait
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Call { at: number; status: number }

describe('a Redis restart under load', () => {
  let redis: PrivateRedis;
  let cluster: ClusterRun;
  let ledger: RoleProcess;
  let gateways: GatewayProcess[] = [];
  let upstream: OpenAIMock;
  let customerKey: string;
  let rootAccessToken: string;
  let channelId: number;
  const calls: Call[] = [];
  let loading = true;

  const chat = (gateway: GatewayProcess, model: string) =>
    fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, max_tokens: 4, messages: [{ role: 'user', content: 'hello' }] }),
      signal: AbortSignal.timeout(30_000),
    }).then(async (r) => (await r.text(), r.status), () => 0);

  /** A management call as root through its access token: no session, so it needs no Redis. */
  const asRoot = (gateway: GatewayProcess, method: string, path: string, body?: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method,
      headers: { authorization: rootAccessToken, 'new-api-user': '1', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { success: boolean; message?: string } }));

  async function load(): Promise<void> {
    const worker = async (index: number) => {
      for (let i = index; loading; i += 4) {
        calls.push({ at: Date.now(), status: await chat(gateways[i % 2]!, 'mock-model') });
        await sleep(25);
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    cluster = new ClusterRun({ ...requiredClusterEngines(), REDIS_URL: redis.url }, { HOLD_TTL_SECONDS: '5' });
    upstream = await startOpenAIMock({ completionTokens: 1 });
    ledger = startRole('ledger', cluster.roleEnv());
    gateways = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
    const root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    for (const key of ['ModelRatio', 'CompletionRatio']) await root.must('PUT', '/api/option/', { key, value: '{"mock-model":1,"late-model":1}' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    const channels = await root.must<{ items: { id: number; name: string }[] }>('GET', '/api/channel/?p=0&page_size=10');
    channelId = channels.items.find((channel) => channel.name === 'mock')!.id;
    rootAccessToken = await root.must<string>('GET', '/api/user/token');
    const user = new ConsoleClient(gateways[0]!.url);
    await user.must('POST', '/api/user/register', { username: 'outage-user', password: 'password-1', password2: 'password-1' });
    await user.login('outage-user', 'password-1');
    const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota: 100_000_000 });
    customerKey = (await createTokenKey(user, { name: 'k', remain_quota: 0, unlimited_quota: true, expired_time: -1 })).key;
  }, 180_000);

  afterAll(async () => {
    loading = false;
    await Promise.allSettled([...gateways.map((g) => g.stop()), ledger?.stop()]);
    await Promise.allSettled([upstream?.close(), redis?.close()]);
    cluster?.removeDataDirs();
  });

  it('keeps every process up, answers again once Redis is back, and converges the routing table on a change made during the outage', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    expect([await chat(a, 'late-model'), await chat(b, 'late-model')]).toEqual([503, 503]); // no channel serves it yet
    const loadDone = load();
    await sleep(2_000);
    const before = calls.length;
    expect(calls.filter((call) => call.status === 200).length).toBeGreaterThan(0);

    const downAt = Date.now();
    await redis.kill();
    await sleep(OUTAGE_MS / 3);
    // The change is stored (MongoDB) but its notice cannot be published: Redis is away.
    const change = await asRoot(a, 'PUT', '/api/channel/', { id: channelId, models: 'mock-model,late-model' });
    expect(change).toMatchObject({ status: 200, body: { success: true } });
    await sleep(downAt + OUTAGE_MS - Date.now());
    const upAt = Date.now();
    await redis.start();

    // Calls are answered again on both gateways, and the change reached both routing tables.
    const roles = { 'gateway A': a, 'gateway B': b, ledger };
    const bothAnswer = async (model: string) => {
      for (const [name, role] of Object.entries(roles)) if (role.ended() !== null) throw new Error(`${name} exited (${role.ended()}): ${role.errors()}`);
      return (await chat(a, model)) === 200 && (await chat(b, model)) === 200 ? Date.now() : undefined;
    };
    const recovered = await eventually(() => bothAnswer('mock-model'), 60_000, 'calls answered again', 200);
    const converged = await eventually(() => bothAnswer('late-model'), 60_000, 'both routing tables serve late-model', 200);
    await sleep(3_000);
    loading = false;
    await loadDone;

    for (const role of Object.values(roles)) expect(role.ended(), role.errors()).toBeNull();
    const during = calls.filter((call) => call.at >= downAt && call.at < upAt);
    // Once both gateways answered, every call started after is answered too (none waits on a dead connection).
    const afterRecovery = calls.filter((call) => call.at >= recovered);
    expect(afterRecovery.length).toBeGreaterThan(20);
    expect(afterRecovery.filter((call) => call.status !== 200)).toEqual([]);
    console.info(`redis outage: ${before} calls before (${calls.slice(0, before).filter((c) => c.status === 200).length} answered 200), ${during.length} during ${OUTAGE_MS} ms down (statuses ${[...new Set(during.map((c) => c.status))].join(', ')}), answered again ${recovered - upAt} ms after Redis was back, routing converged ${converged - upAt} ms after, ${afterRecovery.length} calls after recovery all 200; ${calls.length} calls in all, no process exited`);
  }, 240_000);
});
