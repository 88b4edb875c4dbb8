import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { type ClusterEngines, ClusterRun } from '../support/fleets/cluster-run.js';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';
import { roomInStep, totpCode } from '../support/clients/totp.js';

interface SelfView { id: number; quota: number; used_quota: number }

const COST = 5 + 7; // the mock's prompt and completion tokens at ratio 1

/**
 * Tollgate as it runs across machines: a ledger process and two gateway processes on one Kafka
 * topic, one MongoDB database and one Redis or a Redis Cluster (`redis`), each a real OS process
 * started by `main.ts <role>`.
 */
export function runClusterMode(redis: string, engines: ClusterEngines): ClusterRun {
  const cluster = new ClusterRun(engines, { HOLD_TTL_SECONDS: '4' });
  const roleEnv = () => cluster.roleEnv();

  describe(`cluster mode: two gateways and a ledger on Kafka, MongoDB and ${redis}`, () => {
    let ledger: RoleProcess;
    let a: GatewayProcess;
    let b: GatewayProcess;
    let upstream: OpenAIMock;
    let rootA: ConsoleClient;

    async function registerWithQuota(username: string, quota: number): Promise<{ user: ConsoleClient; key: string; id: number }> {
      const user = new ConsoleClient(a.url);
      await user.must('POST', '/api/user/register', { username, password: 'password-1', password2: 'password-1' });
      await user.login(username, 'password-1');
      const { id } = await user.must<SelfView>('GET', '/api/user/self');
      await rootA.must('PUT', '/api/user/', { id, quota });
      const { key } = await createTokenKey(user, { name: 'key', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
      return { user, key, id };
    }

    const chat = (gateway: GatewayProcess, key: string, maxTokens = 16) =>
      fetch(`${gateway.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'mock-model', max_tokens: maxTokens, messages: [{ role: 'user', content: 'hi' }] }),
      });

    beforeAll(async () => {
      upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
      ledger = startRole('ledger', roleEnv());
      a = await startGatewayProcess(roleEnv());
      b = await startGatewayProcess(roleEnv());
      rootA = new ConsoleClient(a.url);
      await rootA.login('root', '123456');
      await rootA.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
      await rootA.must('PUT', '/api/option/', { key: 'CompletionRatio', value: '{"mock-model":1}' });
      await rootA.must('PUT', '/api/option/', { key: 'PreConsumedQuota', value: '0' });
      await rootA.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    }, 120_000);

    afterAll(async () => {
      await Promise.allSettled([a?.stop(), b?.stop(), ledger?.stop()]);
      await upstream?.close();
      cluster.removeDataDirs();
    });

    it('created one root for the whole cluster, though both gateways started on an empty database', async () => {
      const { data } = await rootA.call<{ items: { username: string }[] }>('GET', '/api/user/search?keyword=root');
      expect(data.items.filter((u) => u.username === 'root')).toHaveLength(1);
    });

    it('serves on one gateway what was made on the other, and bills it once', async () => {
      const { user, key } = await registerWithQuota('cl-alice', 10_000);
      const answers = await Promise.all([chat(b, key), chat(b, key), chat(a, key)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      const self = await eventually(async () => {
        const view = await user.must<SelfView>('GET', '/api/user/self');
        return view.used_quota === 3 * COST ? view : undefined;
      }, 10_000, 'the ledger process applied the three calls');
      expect(self.quota).toBe(10_000 - 3 * COST);
    });

    it("holds span the gateways: concurrent calls on both never hold past the quota, and only a call the rest cannot pay for is refused", async () => {
      upstream.configure({ latencyMs: 400 });
      try {
        // Each call's worst case: 'hi' (1 prompt token) + 1000 tokens = 1001; the quota covers that once, not twice.
        const { user, key } = await registerWithQuota('cl-bob', 1_001);
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => chat(i % 2 ? a : b, key, 1000)));
        expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
        const refused = await Promise.all(answers.filter((r) => r.status !== 200).map((r) => r.json() as Promise<{ error: { message: string } }>));
        expect(new Set(refused.map((r) => r.error.message))).toEqual(new Set(['用户额度不足']));
        await eventually(async () => ((await user.must<SelfView>('GET', '/api/user/self')).used_quota === COST ? true : undefined), 10_000);
      } finally {
        upstream.configure({ latencyMs: 0 });
      }
    });

    it('a token disabled on one gateway is refused by the other within a second', async () => {
      const { user, key } = await registerWithQuota('cl-carol', 10_000);
      expect((await chat(b, key)).status).toBe(200);
      const { items } = await user.must<{ items: { id: number }[] }>('GET', '/api/token/?p=0&size=10');
      await user.must('PUT', '/api/token/?status_only=true', { id: items[0]?.id, status: 2 });
      await eventually(async () => ((await chat(b, key)).status === 401 ? true : undefined), 1_000, 'gateway B refused the disabled token');
    });

    it('an option saved on one gateway is in force on the other within a second; a refused value reaches neither', async () => {
      const { key } = await registerWithQuota('cl-gus', 10_000);
      const askAbout = (gateway: GatewayProcess, topic: string) =>
        fetch(`${gateway.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'mock-model', max_tokens: 16, messages: [{ role: 'user', content: `tell me about ${topic}` }] }),
        });
      expect((await askAbout(b, 'project nightjar')).status).toBe(200);
      await rootA.must('PUT', '/api/option/', { key: 'SensitiveWords', value: 'project nightjar' });
      await eventually(async () => ((await askAbout(b, 'project nightjar')).status === 400 ? true : undefined), 1_000, 'gateway B refused the newly listed word');

      const refused = await rootA.call('PUT', '/api/option/', { key: 'QuotaPerUnit', value: '0' });
      expect(refused).toMatchObject({ success: false, message: 'QuotaPerUnit 必须是大于 0 的数' });
      await rootA.must('PUT', '/api/option/', { key: 'SensitiveWords', value: '' }); // a notice B acts on, sent after the refusal
      await eventually(async () => ((await askAbout(b, 'project nightjar')).status === 200 ? true : undefined), 1_000, 'gateway B took the emptied list');
      const status = await (await fetch(`${b.url}/api/status`)).json() as { data: { quota_per_unit: number } };
      expect(status.data.quota_per_unit).toBe(500_000);
    });

    it("a console on one gateway sees a call served by the other live: its log row and balance once each, and its RPM/TPM", async () => {
      const { user, key, id } = await registerWithQuota('cl-fay', 10_000);
      const socket = io(b.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: user.sessionCookie() } });
      try {
        await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
        const rows: { user_id: number; quota: number; channel?: number }[] = [];
        const balances: { quota: number }[] = [];
        socket.on('log', (row: (typeof rows)[number]) => rows.push(row));
        socket.on('balance', (balance: (typeof balances)[number]) => balances.push(balance));
        const throughput = new Promise<{ rpm: number; tpm: number }>((resolve) => {
          socket.on('throughput', (t: { rpm: number; tpm: number }) => t.rpm > 0 && resolve(t));
        });
        expect((await chat(a, key)).status).toBe(200);
        await eventually(async () => (rows.length > 0 && balances.length > 0 ? true : undefined), 10_000, 'the pushes reached gateway B');
        await new Promise((r) => setTimeout(r, 500)); // a duplicate from the other gateway would land by now
        expect(rows).toEqual([expect.objectContaining({ user_id: id, quota: COST })]);
        expect(rows[0]).not.toHaveProperty('channel');
        expect(balances).toEqual([expect.objectContaining({ quota: 10_000 - COST })]);
        expect(await throughput).toEqual({ rpm: 1, tpm: COST }); // counted in Redis by A, pushed by B
      } finally {
        socket.disconnect();
      }
    });

    it('two-factor sign-in spans the gateways: the password on one, the code on the other, each code and pending sign-in once', async () => {
      await roomInStep();
      const user = new ConsoleClient(a.url);
      await user.must('POST', '/api/user/register', { username: 'tfa-user', password: 'password-1', password2: 'password-1' });
      await user.login('tfa-user', 'password-1');
      const { secret } = await user.must<{ secret: string }>('POST', '/api/user/2fa/setup');
      await user.must('POST', '/api/user/2fa/enable', { code: totpCode(secret, -1) });
      const passwordOnA = async () => {
        const response = await fetch(`${a.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'tfa-user', password: 'password-1' }) });
        return response.headers.getSetCookie().find((c) => c.startsWith('pending_2fa='))?.split(';')[0] ?? '';
      };
      const codeOnB = async (pending: string, code: string) => {
        const response = await fetch(`${b.url}/api/user/login/2fa`, { method: 'POST', headers: { cookie: pending, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
        return (await response.json()) as { success: boolean; message: string };
      };
      const first = await passwordOnA();
      expect((await codeOnB(first, totpCode(secret))).success).toBe(true);
      expect((await codeOnB(first, totpCode(secret, 1))).message).toBe('会话已过期，请重新登录');
      expect((await codeOnB(await passwordOnA(), totpCode(secret))).message).toBe('验证码或备用码错误，请重试');
    });

    it('a ledger killed with SIGKILL while calls are billed is replaced, and each call is applied exactly once', async () => {
      const { user, key } = await registerWithQuota('cl-dave', 10_000);
      const calls = Array.from({ length: 12 }, (_, i) => chat(i % 2 ? a : b, key));
      await ledger.kill();
      const answers = await Promise.all([...calls, chat(a, key), chat(b, key)]);
      expect(answers.every((r) => r.status === 200)).toBe(true);
      ledger = startRole('ledger', roleEnv());
      const self = await eventually(async () => {
        const view = await user.must<SelfView>('GET', '/api/user/self');
        return view.used_quota >= 14 * COST ? view : undefined;
      }, 30_000, 'the new ledger process caught up');
      await new Promise((r) => setTimeout(r, 500));
      expect((await user.must<SelfView>('GET', '/api/user/self')).used_quota).toBe(14 * COST);
      expect(self.quota).toBe(10_000 - 14 * COST);
    });

    it('a gateway killed mid-request leaves a hold that expires after HOLD_TTL_SECONDS', async () => {
      const { key } = await registerWithQuota('cl-erin', 1_001); // one call's worst case: the dead gateway's hold takes it all
      upstream.configure({ latencyMs: 5_000 });
      const doomed = chat(b, key, 1_000).catch(() => null);
      await new Promise((r) => setTimeout(r, 500));
      await b.kill();
      await doomed;
      upstream.configure({ latencyMs: 0 });
      const refused = await chat(a, key, 1_000);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('用户额度不足');
      await eventually(async () => ((await chat(a, key, 1_000)).status === 200 ? true : undefined), 10_000, "the dead gateway's hold expired");
    });
  });
  return cluster;
}
