import { bearerTarget, jsonRequest, openAICompatible } from '../openai/index.js';
import { jsonLinesAsSse } from '../sse-frames.js';
import type { ProviderAdapter } from '../types.js';
import { cohereStreamTranslator, cohereUsage, openAIAnswer } from './answer.js';
import { cohereRequest } from './request.js';

const CHAT_PATH = '/v1/chat/completions';

const DEFAULT_BASE_URL = 'https://api.cohere.ai';
const target = bearerTarget(DEFAULT_BASE_URL);

/**
 * Cohere (channel type 34): OpenAI chat translated to its v1 chat API (a JSON-lines stream,
 * usage in billed_units); rerank relayed to its /v1/rerank as is.
 */
export const cohere: ProviderAdapter = {
  // Cohere's rerank takes and answers the Jina-style shape the rerank surface relays as is.
  ...openAICompatible('cohere', DEFAULT_BASE_URL),
  request: (channel, path, body) => (path === CHAT_PATH ? jsonRequest(target(channel, '/v1/chat'), cohereRequest(body)) : jsonRequest(target(channel, path), body)),
  usageOfAnswer: cohereUsage,
  usageOfChunk: () => null,
  textOfChunk: () => '',
  asSse: jsonLinesAsSse,
  translation: { answer: openAIAnswer, stream: cohereStreamTranslator },
};
