import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../../deps.js';
import { tapAppendedEvents } from '../../live/usage-tap.js';
import type { LiveFanout } from '../../ports/live-fanout.js';
import type { OpsMeter } from '../../ops/ops-meter.js';
import { UsagePublisher } from '../../events/usage-publisher.js';
import { ChannelRouter } from '../../relay/channel-router.js';
import { DocumentCache } from '../../relay/document-cache.js';
import { InFlightHolds } from '../../relay/in-flight-holds.js';
import { ModelRequestLimit } from '../../relay/model-request-limit.js';
import { createRelayMetrics } from '../../relay/overhead.js';
import type { RelayContext } from '../../relay/relay-context.js';
import { SensitiveWords } from '../../relay/sensitive-words.js';
import { UpstreamPools } from '../../relay/upstream-pool.js';
import { registerRelayCors } from '../../http/relay-cors.js';
import { registerGeminiNative } from '../v1beta/gemini.js';
import { registerAudio } from './audio.js';
import { registerBilling } from './billing.js';
import { registerClaudeMessages } from './claude-messages.js';
import { registerMetrics } from '../metrics.js';
import { registerTaskRelay } from '../mj/index.js';
import { registerImages } from './images.js';
import { registerModels } from './models.js';
import { registerOpenAIEndpoints } from './openai-endpoints.js';
import { registerPlayground } from '../pg/playground.js';
import { registerResponses } from './responses.js';

/** Keeps the routing table and the caches in step with console edits (on every gateway). */
function followChanges(ctx: RelayContext): () => void {
  const stopCache = ctx.cache.follow(ctx.deps.notices);
  const stopRouter = ctx.deps.notices.subscribe((kind) => {
    if (kind === 'channels') void ctx.router.reload();
  });
  return () => {
    stopCache();
    stopRouter();
  };
}

/** The relay: OpenAI's surface (chat, completions, embeddings, images, audio, moderations, rerank, responses, models), Claude's and Gemini's native APIs, and the console's playground. */
export async function registerRelayRoutes(app: FastifyInstance, { deps, live, ops }: { deps: GatewayDeps; live: LiveFanout; ops: OpsMeter }): Promise<void> {
  const router = new ChannelRouter(deps.channels);
  const channelNameOf = (id: number) => router.byId(id)?.name ?? '';
  const ctx: RelayContext = {
    deps,
    cache: new DocumentCache(deps.tokens, deps.users),
    router,
    pools: new UpstreamPools(deps.config.UPSTREAM_CONNECTIONS),
    publisher: new UsagePublisher(deps.usageOutbox, {
      onError: (error) => app.log.error({ err: error }, 'event append failed; retrying'),
      onAppended: tapAppendedEvents(live, deps.meter, channelNameOf, (error) => app.log.warn({ err: error }, 'usage meter unavailable')),
    }),
    inFlight: new InFlightHolds(deps.holds, deps.config.HOLD_TTL_SECONDS * 1000, (error) => app.log.warn({ err: error }, 'renewing the holds of calls in flight failed; retrying')),
    metrics: createRelayMetrics(),
    ops,
    sensitive: new SensitiveWords(deps.options),
    requestLimit: new ModelRequestLimit(deps.rateLimiters, deps.options),
  };
  await registerRelayCors(app);
  await ctx.router.reload();
  const stopFollowing = followChanges(ctx);
  app.addHook('preClose', async () => {
    stopFollowing();
    await ctx.publisher.close();
  });
  // Again once the calls in flight at preClose have ended (their usage was published after it);
  // this plugin's onClose runs before the composition root's, which closes the outbox.
  app.addHook('onClose', async () => {
    await ctx.publisher.close();
    await ctx.pools.close();
    ctx.inFlight.close();
  });
  registerOpenAIEndpoints(app, ctx);
  registerImages(app, ctx);
  registerAudio(app, ctx);
  registerResponses(app, ctx);
  registerModels(app, ctx);
  registerBilling(app, ctx);
  registerClaudeMessages(app, ctx);
  registerGeminiNative(app, ctx);
  registerPlayground(app, ctx);
  registerTaskRelay(app, ctx, live);
  registerMetrics(app, ctx.metrics);
}
