import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksAfter, burst, MODELS, tokenClients } from '../support/fleets/burst.js';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { userWithQuota } from '../support/gateways/embedded-fixture.js';
import { startBurstFleet } from '../support/fleets/burst-fleet.js';
import { type ClusterEngines, ClusterRun } from '../support/fleets/cluster-run.js';

/**
 * Issue #41, "Done when": a burst of 60 calls on a plan of 10 calls per window with a wallet worth
 * 5 calls serves at most 15, leaves nothing below zero, and charges each served call once to the
 * right pocket; with the wallet fallback off, at most 10. Run on the embedded server and across two
 * gateway processes of a cluster (the calls alternate between them), through the openai SDK.
 */
const CALL = MODELS.perCall;
const BURST = 60;

interface WindowView { amount_used: number; amount_left: number }
interface SelfSubscriptions { billing_preference: string; subscriptions: { subscription: { id: number }; windows: WindowView[] }[] }
interface LogRow { quota: number; other: string }

/** Where the burst runs: the Tollgate root and users sign in to, and every gateway the calls alternate between. */
export interface SubscriptionBurstSetup {
  tollgate: { url: string };
  root: ConsoleClient;
  gatewayUrls: string[];
  /** How long the ledger may take to apply the calls (a Kafka consumer in a cluster). */
  ledgerWithinMs: number;
  close(): Promise<void>;
}

/** Two gateway processes whose holds, and so every subscription window, are one store in the engines' Redis; the ledger on Kafka and MongoDB. */
export async function twoGateways(engines: ClusterEngines): Promise<SubscriptionBurstSetup> {
  const cluster = new ClusterRun(engines);
  const fleet = await startBurstFleet(cluster);
  return {
    tollgate: fleet.a,
    root: fleet.root,
    gatewayUrls: [fleet.a.url, fleet.b.url],
    ledgerWithinMs: 30_000,
    close: async () => {
      await fleet.stop();
      cluster.removeDataDirs();
    },
  };
}

export function runSubscriptionBurst(where: string, start: () => Promise<SubscriptionBurstSetup>): void {
  describe(`subscriptions under a burst: exact pockets (${where})`, () => {
    let setup: SubscriptionBurstSetup;
    let planId = 0;
    let users = 0;

    beforeAll(async () => {
      setup = await start();
      const plan = { title: 'ten calls a day', price_amount: 1, duration_unit: 'day', duration_value: 30, total_amount: 10 * CALL.cost, quota_reset_period: 'daily', extra_windows: [{ total_amount: 50 * CALL.cost, quota_reset_period: 'weekly' }] };
      planId = (await setup.root.must<{ id: number }>('POST', '/api/subscription/admin/plans', { plan })).id;
    }, 120_000);

    afterAll(async () => setup?.close());

    /** A user with a wallet worth `walletCalls` calls, granted the plan by root, paying in `preference`'s order. */
    async function subscribed(walletCalls: number, preference: string): Promise<ConsoleClient> {
      const user = await userWithQuota(setup, `sub${(users += 1)}`, walletCalls * CALL.cost);
      const self = await user.must<{ id: number }>('GET', '/api/user/self');
      await setup.root.must('POST', '/api/subscription/admin/bind', { user_id: self.id, plan_id: planId });
      expect(await user.must('PUT', '/api/subscription/self/preference', { billing_preference: preference })).toEqual({ billing_preference: preference });
      return user;
    }

    async function consumeRows(user: ConsoleClient): Promise<LogRow[]> {
      return (await user.must<{ items: LogRow[] }>('GET', '/api/log/self/?p=1&page_size=100&type=2')).items;
    }

    it('subscription first: 60 calls at once serve exactly 10 from the plan and 5 from the wallet, nothing below zero', async () => {
      const user = await subscribed(5, 'subscription_first');
      const outcome = await burst(await tokenClients(user, 3, 1_000_000, setup.gatewayUrls), CALL, BURST);
      expect(outcome.served).toBe(15);
      const books = await booksAfter(user, 15, setup.ledgerWithinMs);
      // The wallet paid 5 calls and nothing more: it is at zero, never below.
      expect(books.quota).toBe(0);
      expect(books.usedQuota).toBe(15 * CALL.cost);
      const rows = await consumeRows(user);
      const bySubscription = rows.filter((row) => JSON.parse(row.other).billing_source === 'subscription');
      expect(bySubscription).toHaveLength(10);
      expect(rows.reduce((sum, row) => sum + row.quota, 0)).toBe(15 * CALL.cost);
      const mine = await user.must<SelfSubscriptions>('GET', '/api/subscription/self');
      expect(mine.subscriptions[0]?.windows.map((w) => [w.amount_used, w.amount_left])).toEqual([[10 * CALL.cost, 0], [10 * CALL.cost, 40 * CALL.cost]]);
    });

    it('subscription only: the same burst serves exactly 10 and the wallet is untouched', async () => {
      const user = await subscribed(5, 'subscription_only');
      const outcome = await burst(await tokenClients(user, 3, 1_000_000, setup.gatewayUrls), CALL, BURST);
      expect(outcome.served).toBe(10);
      expect(new Set(outcome.refusals)).toEqual(new Set(['403 订阅额度不足']));
      const books = await booksAfter(user, 10, setup.ledgerWithinMs);
      expect(books.quota).toBe(5 * CALL.cost);
      expect(books.usedQuota).toBe(10 * CALL.cost);
    });

    it('buying with the wallet takes the price once, as a ledger event, and never below zero', async () => {
      const quotaPerUnit = 500_000;
      const user = await userWithQuota(setup, `buyer${(users += 1)}`, Math.round(1.5 * quotaPerUnit));
      const tries = await Promise.all([1, 2, 3].map(() => user.call('POST', '/api/subscription/balance/pay', { plan_id: planId })));
      expect(tries.filter((t) => t.success)).toHaveLength(1);
      expect(tries.filter((t) => !t.success).map((t) => t.message)).toEqual(['余额不足', '余额不足']);
      // The ledger applies the purchase's event a moment later; a second debit would land by the pause after.
      await eventually(async () => ((await user.must<{ quota: number }>('GET', '/api/user/self')).quota < 1.5 * quotaPerUnit ? true : undefined), 10_000, 'the purchase applied');
      await new Promise((r) => setTimeout(r, 300));
      expect((await user.must<{ quota: number }>('GET', '/api/user/self')).quota).toBe(Math.round(0.5 * quotaPerUnit));
      expect((await user.must<SelfSubscriptions>('GET', '/api/subscription/self')).subscriptions).toHaveLength(1);
    });
  });
}
