import type { FastifyInstance } from 'fastify';
import type { RelayContext } from '../../../relay/relay-context.js';
import { registerSunoRoutes } from '../suno/index.js';
import { registerMjSubmitRoutes } from './submit.js';
import { registerMjTaskRoutes } from './tasks.js';

/** The task relays: Midjourney `/mj` and Suno `/suno` (the composition root polls their tasks to the end). */
export function registerTaskRelay(app: FastifyInstance, ctx: RelayContext): void {
  registerMjSubmitRoutes(app, ctx);
  registerMjTaskRoutes(app, ctx);
  registerSunoRoutes(app, ctx);
}
