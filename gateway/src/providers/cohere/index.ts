import { dict } from '@tollgate/wire';
import { bearerTarget, jsonRequest, openAICompatible } from '../openai/index.js';
import { jsonLinesAsSse } from '../sse-frames.js';
import type { ProviderAdapter } from '../types.js';
import { TEXT_ONLY } from '../shared/text-chat.js';
import { cohereStreamTranslator, cohereUsage, openAIAnswer } from './answer.js';
import { cohereEmbedRequest, isEmbedAnswer, openAIEmbeddings } from './embed.js';
import { cohereRequest } from './request.js';

/** OpenAI's paths that become Cohere's own API, and how each request is rewritten. */
const NATIVE: Record<string, { path: string; body: (openAI: Record<string, unknown>) => Record<string, unknown> }> = dict({
  '/v1/chat/completions': { path: '/v1/chat', body: cohereRequest },
  '/v1/embeddings': { path: '/v1/embed', body: cohereEmbedRequest },
});

const DEFAULT_BASE_URL = 'https://api.cohere.ai';
const target = bearerTarget(DEFAULT_BASE_URL);

/**
 * Cohere (channel type 34): OpenAI chat translated to its v1 chat API (a JSON-lines stream,
 * usage in billed_units), embeddings to its v1 embed; rerank relayed to its /v1/rerank as is.
 */
export const cohere: ProviderAdapter = {
  // Cohere's rerank takes and answers the Jina-style shape the rerank surface relays as is.
  ...openAICompatible('cohere', DEFAULT_BASE_URL),
  cannotTake: TEXT_ONLY,
  request(channel, path, body) {
    const native = NATIVE[path];
    return native ? jsonRequest(target(channel, native.path), native.body(body)) : jsonRequest(target(channel, path), body);
  },
  usageOfAnswer: cohereUsage,
  usageOfChunk: () => null,
  textOfChunk: () => '',
  asSse: jsonLinesAsSse,
  // An answer is read by its shape: only embed's carries embeddings.
  translation: { answer: (upstream, model) => (isEmbedAnswer(upstream) ? openAIEmbeddings(upstream, model) : openAIAnswer(upstream, model)), stream: cohereStreamTranslator },
};
