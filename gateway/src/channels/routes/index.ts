import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { registerChannelOpsRoutes } from './channel-ops.js';
import { registerChannelWriteRoutes } from './channel-write.js';
import { registerChannelRoutes } from './channel.js';
import { registerChannelTagRoutes } from './channel-tags.js';
import { registerMultiKeyManageRoutes } from './multi-key-manage.js';
import { registerUpstreamUpdateRoutes } from './upstream-updates.js';
import { registerKeyRevealRoutes } from './key-reveal.js';
import { registerModelRoutes } from './models.js';
import { registerAffinityCacheRoutes } from './affinity-cache.js';

/** The API routes of channels: listing, writing, tags, testing, balances, models, key reveal, the affinity cache. */
export function registerChannelsApi(app: FastifyInstance, ctx: ApiContext): void {
  registerChannelRoutes(app, ctx);
  registerChannelWriteRoutes(app, ctx);
  registerChannelTagRoutes(app, ctx);
  registerMultiKeyManageRoutes(app, ctx);
  registerUpstreamUpdateRoutes(app, ctx);
  registerChannelOpsRoutes(app, ctx);
  registerModelRoutes(app, ctx);
  registerKeyRevealRoutes(app, ctx);
  registerAffinityCacheRoutes(app, ctx);
}
