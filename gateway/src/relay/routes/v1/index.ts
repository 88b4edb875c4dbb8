import type { FastifyInstance } from 'fastify';
import type { RelayContext } from '../../relay-context.js';
import { registerAudio } from './audio.js';
import { registerBilling } from './billing.js';
import { registerClaudeMessages } from './claude-messages.js';
import { registerImages } from './images.js';
import { registerModels } from './models.js';
import { registerOpenAIEndpoints } from './openai-endpoints.js';
import { registerRealtime } from './realtime.js';
import { registerResponses } from './responses.js';

/** `/v1`: OpenAI's surface (chat, completions, embeddings, images, audio, moderations, rerank, responses, realtime, models, billing) and Claude's messages. */
export function registerV1Routes(app: FastifyInstance, ctx: RelayContext): void {
  registerOpenAIEndpoints(app, ctx);
  registerImages(app, ctx);
  registerAudio(app, ctx);
  registerResponses(app, ctx);
  registerRealtime(app, ctx);
  registerModels(app, ctx);
  registerBilling(app, ctx);
  registerClaudeMessages(app, ctx);
}
