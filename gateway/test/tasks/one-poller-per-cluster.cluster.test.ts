import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTaskMock, type TaskMock } from '../mock-upstream/services/task-mock.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * Midjourney and Suno tasks in cluster mode: two gateway processes, each with its poller timer,
 * against a proxy slower to answer a poll (700 ms) than the poll period (200 ms). A task must be
 * asked about by one poller at a time, walked to its end once, and billed and refunded once.
 * The mock moves a task one status per poll and ends it at the fourth: exactly four polls each.
 * Default prices: mj_imagine and suno_music $0.1 = 50000 quota.
 */
const cluster = new ClusterRun(requiredClusterEngines(), { TASK_POLL_INTERVAL_MS: '200' });
const POLLS_TO_FINISH = 4;
const PRICE = 50_000;

describe('cluster mode: tasks polled by one worker whatever the number of gateways', () => {
  let ledger: RoleProcess;
  let gateways: GatewayProcess[];
  let proxy: TaskMock;
  let dee: { user: ConsoleClient; key: string };

  const call = async (gateway: GatewayProcess, method: string, path: string, body?: unknown) => {
    const response = await fetch(gateway.url + path, { method, headers: { authorization: `Bearer ${dee.key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const selfOf = (user: ConsoleClient) => user.must<{ quota: number; used_quota: number }>('GET', '/api/user/self');

  beforeAll(async () => {
    proxy = await startTaskMock('proxy-secret', { pollDelayMs: 700 });
    ledger = startRole('ledger', cluster.roleEnv());
    gateways = [await startGatewayProcess(cluster.roleEnv()), await startGatewayProcess(cluster.roleEnv())];
    const root = new ConsoleClient(gateways[0]?.url ?? '');
    await root.login('root', '123456');
    await root.must('POST', '/api/channel/', { name: 'mj', type: 2, key: 'proxy-secret', base_url: proxy.url, models: 'mj_imagine', group: 'default' });
    await root.must('POST', '/api/channel/', { name: 'suno', type: 36, key: 'proxy-secret', base_url: proxy.url, models: 'suno_music', group: 'default' });
    const user = new ConsoleClient(gateways[1]?.url ?? '');
    await user.must('POST', '/api/user/register', { username: 'cl-dee', password: 'password-1', password2: 'password-1' });
    await user.login('cl-dee', 'password-1');
    const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id, quota: 1_000_000 });
    const { key } = await createTokenKey(user, { name: 'key', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
    dee = { user, key };
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([...(gateways ?? []).map((g) => g.stop()), ledger?.stop()]);
    await proxy?.close();
    cluster.removeDataDirs();
  });

  it('walks each task to its end with one poll at a time, four polls each, and bills and refunds each once', async () => {
    const [a, b] = gateways as [GatewayProcess, GatewayProcess];
    const drawings = await Promise.all([a, b, a, b].map(async (gateway, n) => String((await call(gateway, 'POST', '/mj/submit/imagine', { prompt: n === 3 ? 'please fail' : `drawing ${n}` })).result)));
    const songs = await Promise.all([a, b].map(async (gateway, n) => String((await call(gateway, 'POST', '/suno/submit/music', { prompt: `song ${n}` })).data)));
    const statusOf = async (id: string) => (drawings.includes(id) ? (await call(a, 'GET', `/mj/task/${id}/fetch`)).status : ((await call(b, 'GET', `/suno/fetch/${id}`)).data as { status: string }).status);
    const finals = await eventually(async () => {
      const statuses = await Promise.all([...drawings, ...songs].map(statusOf));
      return statuses.every((s) => s === 'SUCCESS' || s === 'FAILURE') ? statuses : undefined;
    }, 30_000, 'every task finished');
    expect(finals).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILURE', 'SUCCESS', 'SUCCESS']);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // more poll periods: a finished task is never asked about again
    expect(proxy.overlaps).toBe(0);
    expect([...drawings, ...songs].map((id) => proxy.polls.get(id))).toEqual(Array(6).fill(POLLS_TO_FINISH));
    const charged = 6 * PRICE - PRICE; // six submits, the failed drawing refunded
    const self = await eventually(async () => {
      const view = await selfOf(dee.user);
      return view.quota === 1_000_000 - charged ? view : undefined;
    }, 10_000, 'the ledger applied six charges and one refund');
    expect(self.quota).toBe(1_000_000 - charged);
    const refunds = await dee.user.must<{ items: { quota: number }[] }>('GET', '/api/log/self/?type=4');
    expect(refunds.items.map((row) => row.quota)).toEqual([PRICE]);
  });
});
