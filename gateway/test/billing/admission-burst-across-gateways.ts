import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai-mock.js';
import { ANSWER, ANSWER_TOKENS, type BurstModel, booksAfter, BURST_MODEL_NAMES, burst, expectSolvent, MODELS, PROMPT_TOKENS, priceBurstModels, QUOTA_REFUSALS, tokenClients, UNLISTED } from '../support/burst.js';
import { type ClusterEngines, ClusterRun } from '../support/cluster-run.js';
import { ConsoleClient } from '../support/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/role-process.js';

const N = 10;
const BURST = 60;

/**
 * Issue #23's burst across two gateway processes sharing holds in Redis (`redis`: one Redis, or a
 * Redis Cluster), with a ledger process on Kafka and MongoDB: whichever gateway a call reaches, no
 * balance goes below zero, and each served call is charged exactly.
 */
export function runAdmissionBurstAcrossGateways(redis: string, engines: ClusterEngines): ClusterRun {
  const cluster = new ClusterRun(engines);

  describe(`admission under a burst across two gateways (${redis})`, () => {
    let ledger: RoleProcess;
    let a: GatewayProcess;
    let b: GatewayProcess;
    let upstream: OpenAIMock;
    let root: ConsoleClient;
    let users = 0;

    beforeAll(async () => {
      upstream = await startOpenAIMock({ reply: ANSWER, promptTokens: PROMPT_TOKENS, completionTokens: ANSWER_TOKENS });
      ledger = startRole('ledger', cluster.roleEnv());
      [a, b] = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
      root = new ConsoleClient(a.url);
      await root.login('root', '123456');
      await priceBurstModels(root);
      await root.must('POST', '/api/channel/', { name: 'burst', type: 1, key: 'k', base_url: upstream.url, models: BURST_MODEL_NAMES, group: 'default' });
    }, 120_000);

    afterAll(async () => {
      await Promise.allSettled([a?.stop(), b?.stop(), ledger?.stop()]);
      await upstream?.close();
      cluster.removeDataDirs();
    });

    /** A user funded with `quota`, with `tokens` keys of `tokenQuota` each, whose calls alternate between the gateways. */
    async function funded(quota: number, tokens: number, tokenQuota = quota) {
      const user = new ConsoleClient(a.url);
      const username = `cburst${(users += 1)}`;
      await user.must('POST', '/api/user/register', { username, password: 'password-1', password2: 'password-1' });
      await user.login(username, 'password-1');
      const { id } = await user.must<{ id: number }>('GET', '/api/user/self');
      await root.must('PUT', '/api/user/', { id, quota });
      return { user, clients: await tokenClients(user, tokens, tokenQuota, [a.url, b.url]) };
    }

    const models: [string, BurstModel][] = Object.entries(MODELS);

    it.each(models)('%s: 60 parallel calls through one token on both gateways serve exactly the N the quota pays for', async (_, m) => {
      const { user, clients } = await funded(N * m.cost, 1);
      const outcome = await burst(clients, m, BURST);
      expect(outcome.served).toBe(N);
      const books = await booksAfter(user, outcome.served, 30_000);
      expectSolvent(books, N * m.cost, outcome.served);
      expect(books.quota).toBe(0);
    });

    it.each(models)('%s: through five tokens on both gateways, the user and every token stay at or above zero', async (_, m) => {
      const { user, clients } = await funded(N * m.cost, 5, 3 * m.cost);
      const outcome = await burst(clients, m, BURST);
      expect(outcome.served).toBe(N);
      expect(outcome.refusals.every((message) => QUOTA_REFUSALS.includes(message))).toBe(true);
      expectSolvent(await booksAfter(user, outcome.served, 30_000), N * m.cost, outcome.served);
    });

    it('an upstream that ignores the limit the gateways set still leaves no balance below zero', async () => {
      upstream.configure({ ignoreLimits: true });
      try {
        const quota = 3 * UNLISTED.cost + 510;
        const { user, clients } = await funded(quota, 5);
        const outcome = await burst(clients, UNLISTED, 20);
        expect(outcome.served).toBeGreaterThanOrEqual(1);
        expectSolvent(await booksAfter(user, outcome.served, 30_000), quota, outcome.served);
      } finally {
        upstream.configure({ ignoreLimits: false });
      }
    });
  });
  return cluster;
}
