import { Reconciler } from '@tollgate/ledger';
import type { FastifyInstance } from 'fastify';
import { UsagePublisher } from '../events/usage-publisher.js';
import { registerRelayCors } from '../http/relay-cors.js';
import { tapAppendedEvents } from '../live/usage-tap.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import type { LiveFanout } from '../ports/live-fanout.js';
import { ChannelRouter } from '../relay/upstream/channel-router.js';
import { ChannelBreakers } from '../relay/upstream/channel-breakers.js';
import { breakerHistoryRecorder } from '../ops/breaker-history.js';
import { DocumentCache } from '../relay/admission/document-cache.js';
import { ActiveSubscriptions } from '../subscriptions/active-subscriptions.js';
import { InFlightHolds } from '../relay/admission/in-flight-holds.js';
import { ModelRequestLimit } from '../relay/admission/model-request-limit.js';
import type { RelayMetrics } from '../relay/overhead.js';
import type { RelayContext, RelayDeps } from '../relay/relay-context.js';
import { SensitiveWords } from '../relay/admission/sensitive-words.js';
import { UpstreamPools } from '../relay/upstream/upstream-pool.js';
import { registerPublicMetrics } from '../ops/routes/metrics.js';
import { registerTaskRelay } from '../tasks/routes/mj/index.js';
import { registerPlayground } from '../relay/routes/pg/playground.js';
import { registerV1Routes } from '../relay/routes/v1/index.js';
import { registerGeminiNative } from '../relay/routes/v1beta/gemini.js';
import { startTaskPoller } from '../tasks/task-poller.js';

/** The relay's in-process hot-path state: caches, routing table, pools, the usage publisher. */
function createRelayContext(app: FastifyInstance, deps: RelayDeps, live: LiveFanout, ops: OpsMeter, metrics: RelayMetrics): RelayContext {
  const breakers = new ChannelBreakers(deps.breakers, deps.options, app.log, breakerHistoryRecorder(deps, app.log));
  const router = new ChannelRouter(deps.channels, Math.random, breakers.view);
  const channelNameOf = (id: number) => router.byId(id)?.name ?? '';
  return {
    deps,
    cache: new DocumentCache(deps.tokens, deps.users, { entries: deps.config.DOCUMENT_CACHE_ENTRIES, ttlMs: deps.config.DOCUMENT_CACHE_TTL_MS }),
    subscriptions: new ActiveSubscriptions(deps.subscriptions, { entries: deps.config.DOCUMENT_CACHE_ENTRIES, ttlMs: deps.config.DOCUMENT_CACHE_TTL_MS }),
    router,
    breakers,
    pools: new UpstreamPools(deps.config.UPSTREAM_CONNECTIONS),
    publisher: new UsagePublisher(deps.usageOutbox, {
      onError: (error) => app.log.error({ err: error }, 'event append failed; retrying'),
      onAppended: tapAppendedEvents(live, deps.meter, channelNameOf, (error) => app.log.warn({ err: error }, 'usage meter unavailable')),
    }),
    inFlight: new InFlightHolds(deps.holds, deps.config.HOLD_TTL_SECONDS * 1000, (error) => app.log.warn({ err: error }, 'renewing the holds of calls in flight failed; retrying')),
    metrics,
    ops,
    sensitive: new SensitiveWords(deps.options),
    requestLimit: new ModelRequestLimit(deps.rateLimiters, deps.options),
    log: app.log,
  };
}

/**
 * Keeps the routing table and the caches in step with console edits (on every gateway). A reload
 * that fails (the document store away) is retried until one succeeds, so the table converges on
 * the stored channels instead of staying stale until the next edit; a burst of notices is one reload.
 */
function followChanges(app: FastifyInstance, ctx: RelayContext): () => void {
  const stopCache = ctx.cache.follow(ctx.deps.notices);
  const stopSubscriptions = ctx.subscriptions.follow(ctx.deps.notices);
  const reloads = new Reconciler('routing table reload', () => ctx.router.reload(), app.log);
  const stopRouter = ctx.deps.notices.subscribe((kind) => {
    if (kind === 'channels') reloads.request();
  });
  return () => {
    stopCache();
    stopSubscriptions();
    stopRouter();
    reloads.stop();
  };
}

/** Follows the relay's Midjourney and Suno tasks to the end, until the app closes. */
function pollTasks(app: FastifyInstance, ctx: RelayContext, live: LiveFanout): void {
  const schedule = { everyMs: ctx.deps.config.TASK_POLL_INTERVAL_MS, timeoutMinutes: ctx.deps.config.TASK_TIMEOUT_MINUTES };
  const stop = startTaskPoller(ctx, live, schedule, (error) => app.log.warn({ err: error }, 'task poll failed'));
  app.addHook('onClose', async () => stop());
}

/**
 * The relay (a Fastify plugin): builds its state, closes it with the app, and registers its
 * surfaces: OpenAI's and Claude's (/v1), Gemini's native API (/v1beta), the task relays (/mj,
 * /suno), the console's playground (/pg), and /metrics when the operator opened it here with a token.
 */
export async function wireRelay(app: FastifyInstance, { deps, live, ops, metrics }: { deps: RelayDeps; live: LiveFanout; ops: OpsMeter; metrics: RelayMetrics }): Promise<void> {
  const ctx = createRelayContext(app, deps, live, ops, metrics);
  await registerRelayCors(app);
  await ctx.router.reload();
  const stopFollowing = followChanges(app, ctx);
  app.addHook('preClose', async () => {
    stopFollowing();
    await ctx.publisher.close();
  });
  // Again once the calls in flight at preClose have ended (their usage was published after it);
  // this plugin's onClose runs before the engines' (app.ts registers theirs first), which close the log.
  app.addHook('onClose', async () => {
    await ctx.publisher.close();
    await ctx.pools.close();
    ctx.inFlight.close();
    ctx.breakers.close();
  });
  registerV1Routes(app, ctx);
  registerGeminiNative(app, ctx);
  registerPlayground(app, ctx);
  registerTaskRelay(app, ctx);
  pollTasks(app, ctx, live);
  registerPublicMetrics(app, metrics, deps.config.METRICS_TOKEN);
}
