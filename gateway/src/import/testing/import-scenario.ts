import { mkdtempSync, rmSync } from 'node:fs';
import { redactSource, sourcePassword } from '../redact-source.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { auditDrift, eachOnce, type BalanceInventory, type BalanceStore, type EventLog, type EventLogReader } from '@tollgate/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConsoleClient, eventually } from '../../../test/support/clients/console-client.js';
import { type OpenAIMock, startOpenAIMock } from '../../../test/mock-upstream/openai/openai-mock.js';
import { openBalances, openDocuments, openEventLog, openQuerier } from '../../composition/engines.js';
import { type GatewayConfig, loadConfig } from '../../config.js';
import { startEmbedded } from '../../embedded.js';
import { importDatabase } from '../import-command.js';
import { VideoPlatforms } from '../../ports/documents/task-store.js';
import { auditLedger } from '../../ledger-proof/audit-command.js';
import { alice, aliceEnded, aliceKey, aliceRunning, aliceToken, buildNewApiDatabase, channel, channelExtras, channelKeys, dailyPlan, hourlyPlan, priceRules, sourceLogTotals, unlimitedToken } from './new-api-fixture.js';
import { type LogImportMeter, meterLogImport } from './log-import-meter.js';

/** What the mock upstream says each call used. */
const PROMPT_TOKENS = 10;
const COMPLETION_TOKENS = 5;

/** Where the scenario's new-api database lives: a SQLite path, or a MariaDB/PostgreSQL server to make one on. */
export interface ScenarioSource {
  /** The argument `npm run import --` would be given, once the database exists. */
  create(dir: string): Promise<string>;
  logRows: number;
}

/**
 * The import, end to end, against one source engine (the contract every source adapter meets):
 * a dry run writes nothing; the import brings every table over and reports its skips; a second
 * run changes nothing; Tollgate then signs users in with their old passwords, serves their old
 * keys and shows their balances; and the ledger audit finds no drift.
 */
export function describeImportScenario(name: string, from: ScenarioSource): void {
  describe(`npm run import -- <${name}>`, { timeout: 240_000 }, () => {
    let dir: string;
    let source: string;
    let config: GatewayConfig;
    let upstream: OpenAIMock;

    /** What the engines hold, read through the same composition helpers the app uses. */
    async function snapshot() {
      const dataDir = resolve(config.DATA_DIR);
      const documents = await openDocuments(config, dataDir);
      const querier = await openQuerier(config, dataDir);
      const eventLog = openEventLog(config, dataDir) as EventLog & EventLogReader;
      try {
        let events = 0;
        for await (const _ of eventLog.readAll()) events++;
        const [logs] = await querier.query({ sql: 'SELECT count() AS count, sum(quota) AS quota FROM logs FINAL', schema: z.object({ count: z.coerce.number(), quota: z.coerce.number() }) });
        const audit = (await documents.auditTrail.page({ type: 'ImportRan' }, 0, 10)).items;
        const imported = await documents.channels.byId(channel.id);
        const extras = imported && { tag: imported.tag, remark: imported.remark, setting: imported.setting, paramOverride: imported.paramOverride, headerOverride: imported.headerOverride, channelInfo: imported.channelInfo, settings: imported.settings };
        const videos = (await documents.tasks.list({ platform: VideoPlatforms }, { offset: 0, limit: 10 })).items;
        const videoTasks = videos.map(({ platform, taskId, description, imageUrl, failReason, status }) => ({ platform, taskId, description, imageUrl, failReason, status }));
        const plans = await documents.subscriptions.listPlans({ enabledOnly: false });
        const subscriptions = await documents.subscriptions.listByUser(alice.id);
        return { plans, subscriptions, videoTasks, users: await documents.users.count(), channels: (await documents.channels.all()).length, extras, options: await documents.options.all(), events, logs, audit, aliceHash: (await documents.users.byId(alice.id))?.passwordHash };
      } finally {
        await eventLog.close();
        await querier.close();
        await documents.close();
      }
    }

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tollgate-import-'));
      upstream = await startOpenAIMock({ promptTokens: PROMPT_TOKENS, completionTokens: COMPLETION_TOKENS });
      source = await from.create(dir);
      await buildNewApiDatabase(source, { upstreamUrl: upstream.url, logRows: from.logRows });
      config = loadConfig({ DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' });
    });

    afterAll(async () => {
      await upstream?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('--dry-run says what it would import and writes nothing', async () => {
      const report = await importDatabase(config, { source, dryRun: true });
      expect(report.importedCount('users')).toBe(3);
      expect(report.importedCount('log rows')).toBe(from.logRows);
      expect([report.importedCount('subscription plans'), report.importedCount('subscriptions')]).toEqual([2, 2]);
      expect(report.toText()).toContain('Dry run: nothing was written.');
      expect(await snapshot()).toMatchObject({ users: 0, channels: 0, options: {}, events: 0, logs: { count: 0, quota: 0 }, audit: [], plans: [], subscriptions: [] });
    });

    it('imports users, tokens, channels, options, codes, top-ups, tasks and every log row, streaming the logs, and reports what it skipped', async () => {
      const meter: LogImportMeter = meterLogImport();
      const started = performance.now();
      const report = await importDatabase(config, { source, dryRun: false, onProgress: meter.onProgress });
      const figures = meter.figures();
      console.info(`[import ${name}] whole import ${((performance.now() - started) / 1000).toFixed(1)} s; ${from.logRows} log rows: ${figures.logSeconds.toFixed(1)} s (${figures.rowsPerSecond} rows/s); peak RSS ${figures.peakRssMb} MB; JS heap growth over the log import ${figures.heapGrowthMb} MB, live heap growth over the second half ${figures.lateHeapGrowthMb} MB`);
      // A page, not the table, is held: held rows (a few hundred bytes each) would grow the live
      // heap over the second half by about half the table. Only the large runs judge it.
      if (from.logRows >= 500_000) expect(figures.lateHeapGrowthMb).toBeLessThan(50);
      expect(figures.logProgressCalls).toBeGreaterThanOrEqual(Math.ceil(from.logRows / 20_000));
      expect([report.importedCount('users'), report.importedCount('tokens'), report.importedCount('channels'), report.importedCount('abilities (from channel models and groups)')]).toEqual([3, 2, 1, 4]);
      const optionRows = 3 + Object.keys(priceRules).length;
      expect([report.importedCount('options'), report.importedCount('redemption codes'), report.importedCount('top-up records'), report.importedCount('Midjourney tasks'), report.importedCount('tasks')]).toEqual([optionRows, 4, 1, 1, 3]);
      const text = report.toText();
      expect(text).toContain('tokens: skipped 1 (deleted in new-api): 7');
      expect(text).toContain("abilities: skipped 1 (not implied by its channel's models and groups): 3/default/hand-added-model");
      expect(text).toContain('options: skipped 1 (not a Tollgate option): SomeNewApiOnlySetting');
      expect(text).toContain('tasks: skipped 1 (platform 56');
      expect(text).not.toContain('channel fields');
      expect(text).toContain('user fields: skipped 1 (no Tollgate field for stripe_customer): 2');
      expect([report.importedCount('subscription plans'), report.importedCount('subscriptions')]).toEqual([2, 2]);
      expect(text).toContain('subscriptions: skipped 1 (its plan is not in the source): 12');
      expect(text).toContain(`subscription fields: skipped 1 (amount_used of the window in progress (it starts again from 0 of ${dailyPlan.total})): ${aliceRunning.id}`);
      expect(text).toContain(`subscription fields: skipped 1 (no Tollgate field for prev_user_group (the group to return to when it ends)): ${aliceRunning.id}`);
      expect(text).toContain('note: subscription_orders: 1 subscription orders not carried');

      const after = await snapshot();
      expect({ ...after.extras, channelInfo: JSON.parse(after.extras?.channelInfo ?? '{}') }).toEqual({ ...channelExtras, channelInfo: channelKeys.info });
      expect(after.logs).toEqual(await sourceLogTotals(source));
      expect(after.options.SystemName).toBe('Old Gateway');
      expect(Object.fromEntries(Object.keys(priceRules).map((key) => [key, after.options[key]]))).toEqual(priceRules);
      // Plans keep their ids, prices and windows; each subscription the window its plan gave it.
      expect(after.plans.map((p) => [p.id, p.title, p.price_amount, p.enabled, p.total_amount, p.quota_reset_period, p.quota_reset_custom_seconds, p.max_purchase_per_user, p.upgrade_group])).toEqual([
        [dailyPlan.id, dailyPlan.title, dailyPlan.price, true, dailyPlan.total, 'daily', 0, 2, 'vip'],
        [hourlyPlan.id, hourlyPlan.title, 1, false, hourlyPlan.total, 'custom', hourlyPlan.resetSeconds, 0, ''],
      ]);
      expect(after.subscriptions.map((s) => [s.id, s.plan_id, s.status, s.source, s.start_time, s.end_time, s.windows])).toEqual([
        [aliceRunning.id, dailyPlan.id, 'active', 'order', aliceRunning.start, aliceRunning.end, [{ total_amount: dailyPlan.total, quota_reset_period: 'daily', quota_reset_custom_seconds: 0 }]],
        [aliceEnded.id, hourlyPlan.id, 'expired', 'admin', aliceEnded.start, aliceEnded.end, [{ total_amount: hourlyPlan.total, quota_reset_period: 'custom', quota_reset_custom_seconds: hourlyPlan.resetSeconds }]],
      ]);
      // Video tasks keep their provider (a channel type or a plugin key in new-api), model and result.
      expect(after.videoTasks).toEqual([
        { platform: '55', taskId: 'video_abc', description: 'sora-2', imageUrl: '', failReason: 'moderation_blocked', status: 'FAILURE' },
        { platform: '50', taskId: 'kling-1', description: 'kling-v1', imageUrl: 'https://cdn.example/kling-1.mp4', failReason: '', status: 'SUCCESS' },
      ]);
      // One opening per user, per live token and per channel.
      expect(after.events).toBe(3 + 2 + 1);
      // The run is in the audit trail, with its counts and the source (a DSN's password masked).
      expect(after.audit).toHaveLength(1);
      expect(after.audit[0]).toMatchObject({ type: 'ImportRan', actor: { userId: 0, username: 'system' }, address: 'local', target: { kind: 'import', id: redactSource(source) } });
      expect(after.audit[0]?.detail).toMatchObject({ imported: { users: 3, tokens: 2, 'log rows': from.logRows }, skipped: { tokens: 1 } });
      const password = sourcePassword(source);
      if (password) expect(JSON.stringify(after.audit)).not.toContain(password);
    });

    it('a second run changes nothing', async () => {
      const { audit: auditBefore, ...before } = await snapshot();
      const report = await importDatabase(config, { source, dryRun: false });
      for (const kind of ['users', 'tokens', 'channels', 'options', 'redemption codes', 'top-up records', 'subscription plans', 'subscriptions', 'Midjourney tasks', 'tasks', 'log rows']) {
        expect(report.importedCount(kind), kind).toBe(0);
      }
      expect(report.skippedCount('log rows')).toBe(from.logRows);
      const { audit, ...after } = await snapshot();
      expect(after).toEqual(before);
      // Only the run itself is recorded, having found nothing new to bring.
      expect(audit).toHaveLength(auditBefore.length + 1);
      expect(audit[0]?.detail).toMatchObject({ imported: {}, skipped: { 'log rows': from.logRows } });
    });

    it('Tollgate then signs users in with their new-api passwords, serves their old keys, and shows their balances', async () => {
      const tollgate = await startEmbedded(config);
      try {
        const user = new ConsoleClient(tollgate.url);
        expect((await user.login(alice.username, alice.password)).success).toBe(true);
        expect((await new ConsoleClient(tollgate.url).login(alice.username, 'wrong password')).success).toBe(false);
        const self = await eventually(async () => {
          const shown = await user.must<{ quota: number; used_quota: number; request_count: number; aff_quota: number; aff_history_quota: number; aff_count: number }>('GET', '/api/user/self');
          return shown.quota === alice.quota ? shown : undefined;
        }, 10_000, "alice's opening balance");
        expect(self).toMatchObject({ used_quota: alice.usedQuota, request_count: alice.requestCount, aff_quota: alice.affQuota, aff_history_quota: alice.affHistory, aff_count: alice.affCount });

        const { items } = await user.must<{ items: { id: number; remain_quota: number; used_quota: number; unlimited_quota: boolean }[] }>('GET', '/api/token/?p=0&size=10');
        expect(items.find((token) => token.id === aliceToken.id)).toMatchObject({ remain_quota: aliceToken.remainQuota, used_quota: aliceToken.usedQuota, unlimited_quota: false });
        expect(items.find((token) => token.id === unlimitedToken.id)).toMatchObject({ used_quota: unlimitedToken.usedQuota, unlimited_quota: true });

        const root = new ConsoleClient(tollgate.url);
        expect((await root.login('root', 'root-old-password')).success).toBe(true);
        const imported = await root.must<{ used_quota: number; priority: number; weight: number; model_mapping: string }>('GET', `/api/channel/${channel.id}`);
        expect(imported).toMatchObject({ used_quota: channel.usedQuota, priority: 5, weight: 7, model_mapping: '{"gpt-4o":"gpt-4o-mini"}' });

        const answer = await fetch(`${tollgate.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer sk-${aliceKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ model: channel.model, messages: [{ role: 'user', content: 'hello' }] }),
        });
        expect(answer.status).toBe(200);
        // The multi-key channel's enabled key, and its imported overrides on the upstream request.
        expect(upstream.requests.at(-1)?.authorization).toBe('Bearer sk-upstream-secret');
        expect(upstream.requests.at(-1)?.body.temperature).toBe(0.3);
        expect(upstream.requests.at(-1)?.headers['x-team']).toBe('ops');
        // Alice's imported subscription paid the call (her preference is new-api's default, subscription first): its window counted the call's cost, the wallet nothing.
        const callCost = (PROMPT_TOKENS + COMPLETION_TOKENS * 1) * 1; // gpt-4o-mini's imported ratios: completion 1, model 1
        type Mine = { subscriptions: { subscription: { id: number }; windows: { amount_used: number; amount_left: number }[] }[]; all_subscriptions: unknown[] };
        const mine = await eventually(async () => {
          const shown = await user.must<Mine>('GET', '/api/subscription/self');
          return shown.subscriptions[0]?.windows[0]?.amount_used === callCost ? shown : undefined;
        }, 10_000, 'the call settled in the window');
        expect(mine.subscriptions.map((s) => [s.subscription.id, s.windows.map((w) => [w.amount_used, w.amount_left])])).toEqual([[aliceRunning.id, [[callCost, dailyPlan.total - callCost]]]]);
        expect(mine.all_subscriptions).toHaveLength(2);
        expect((await user.must<{ quota: number }>('GET', '/api/user/self')).quota).toBe(alice.quota);
        expect((await user.must<{ plan: { id: number } }[]>('GET', '/api/subscription/plans')).map((p) => p.plan.id)).toEqual([dailyPlan.id]);
      } finally {
        await tollgate.close();
      }
      // Signing in replaced the bcrypt hash with argon2id.
      expect((await snapshot()).aliceHash).toMatch(/^\$argon2id\$/);
    });

    it('the audit finds no drift: every imported balance is explained by the log', async () => {
      const dataDir = resolve(config.DATA_DIR);
      const eventLog = openEventLog(config, dataDir) as EventLog & EventLogReader;
      const balances = (await openBalances(config, dataDir)) as BalanceStore & BalanceInventory;
      try {
        const audit = await auditDrift(eachOnce(eventLog.readAll()), balances);
        expect(audit.drifts).toEqual([]);
        // The six openings and the relayed call.
        expect(audit.eventsFolded).toBe(7);
      } finally {
        await balances.close();
        await eventLog.close();
      }
    });

    it('npm run audit is clean: the imported log rows and the opening balances agree, and every balance is explained by the kept history', async () => {
      // The run above may have closed before its ingestion took in the relayed call: the proof then
      // says unsettled (the history behind the ledger). Tollgate started again catches it up.
      let proof = await auditLedger(config, () => {});
      for (let tries = 0; !proof.settled && tries < 5; tries++) {
        const tollgate = await startEmbedded(config);
        await new Promise((done) => setTimeout(done, 1_000));
        await tollgate.close();
        proof = await auditLedger(config, () => {});
      }
      expect({ drifts: proof.drifts, mismatches: proof.consumptionMismatches, settled: proof.settled, folded: proof.eventsFolded }).toEqual({ drifts: [], mismatches: [], settled: true, folded: 7 }); // the six openings and the relayed call
      expect(proof.clean).toBe(true);
    });
  });
}
