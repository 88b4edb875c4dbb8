import type { FastifyInstance } from 'fastify';
import type { RelayContext } from '../../../relay/relay-context.js';
import { registerSunoRoutes } from '../suno/index.js';
import { registerVideoRoutes } from '../video/index.js';
import { registerMjSubmitRoutes } from './submit.js';
import { registerMjTaskRoutes } from './tasks.js';

/** The task relays: Midjourney `/mj`, Suno `/suno`, video `/v1/videos` and `/v1/video/generations` (the composition root polls their tasks to the end). */
export function registerTaskRelay(app: FastifyInstance, ctx: RelayContext): void {
  registerMjSubmitRoutes(app, ctx);
  registerMjTaskRoutes(app, ctx);
  registerSunoRoutes(app, ctx);
  registerVideoRoutes(app, ctx);
}
