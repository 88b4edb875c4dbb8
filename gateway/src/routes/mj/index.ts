import type { FastifyInstance } from 'fastify';
import type { LiveFanout } from '../../ports/live-fanout.js';
import type { RelayContext } from '../../relay/relay-context.js';
import { startTaskPoller } from '../../tasks/task-poller.js';
import { registerSunoRoutes } from '../suno/index.js';
import { registerMjSubmitRoutes } from './submit.js';
import { registerMjTaskRoutes } from './tasks.js';

/** The task relays (Midjourney `/mj`, Suno `/suno`) and the poller that follows their tasks to the end. */
export function registerTaskRelay(app: FastifyInstance, ctx: RelayContext, live: LiveFanout): void {
  registerMjSubmitRoutes(app, ctx);
  registerMjTaskRoutes(app, ctx);
  registerSunoRoutes(app, ctx);
  const schedule = { everyMs: ctx.deps.config.TASK_POLL_INTERVAL_MS, timeoutMinutes: ctx.deps.config.TASK_TIMEOUT_MINUTES };
  const stop = startTaskPoller(ctx, live, schedule, (error) => app.log.warn({ err: error }, 'task poll failed'));
  app.addHook('onClose', async () => stop());
}
