import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BurstModel, booksAfter, burst, expectSolvent, MODELS, QUOTA_REFUSALS, tokenClients, UNLISTED } from '../support/fleets/burst.js';
import { type BurstFleet, startBurstFleet } from '../support/fleets/burst-fleet.js';
import { type ClusterEngines, ClusterRun } from '../support/fleets/cluster-run.js';
import { userWithQuota } from '../support/gateways/embedded-fixture.js';

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
    let fleet: BurstFleet;
    let users = 0;

    beforeAll(async () => {
      fleet = await startBurstFleet(cluster);
    }, 120_000);

    afterAll(async () => {
      await fleet?.stop();
      cluster.removeDataDirs();
    });

    /** A user funded with `quota`, with `tokens` keys of `tokenQuota` each, whose calls alternate between the gateways. */
    async function funded(quota: number, tokens: number, tokenQuota = quota) {
      const user = await userWithQuota({ tollgate: fleet.a, root: fleet.root }, `cburst${(users += 1)}`, quota);
      return { user, clients: await tokenClients(user, tokens, tokenQuota, [fleet.a.url, fleet.b.url]) };
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
      fleet.upstream.configure({ ignoreLimits: true });
      try {
        const quota = 3 * UNLISTED.cost + 510;
        const { user, clients } = await funded(quota, 5);
        const outcome = await burst(clients, UNLISTED, 20);
        expect(outcome.served).toBeGreaterThanOrEqual(1);
        expectSolvent(await booksAfter(user, outcome.served, 30_000), quota, outcome.served);
      } finally {
        fleet.upstream.configure({ ignoreLimits: false });
      }
    });
  });
  return cluster;
}
