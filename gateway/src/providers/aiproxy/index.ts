import { contentText } from '../shared/token-count.js';
import { bearerTarget, jsonRequest, openai } from '../openai/index.js';
import type { ProviderAdapter } from '../types.js';
import { aiProxyStreamTranslator, libraryRefusal, openAIAnswer } from './answer.js';
import { TEXT_ONLY } from '../shared/text-chat.js';

const target = bearerTarget('https://api.aiproxy.io');

/** The library asks one question: the last message's text. */
function libraryRequest(libraryId: string, body: Record<string, unknown>): Record<string, unknown> {
  const messages = (body.messages as { content?: unknown }[] | undefined) ?? [];
  return { model: body.model, query: contentText(messages.at(-1)?.content), libraryId, stream: body.stream === true };
}

/**
 * AI Proxy's knowledge base (channel type 21): /api/library/ask with the library id from the
 * channel's `other`. It reports no usage, so prompt and answer are counted; the text readers are
 * OpenAI's, reading the translated chunks.
 */
export const aiProxyLibrary: ProviderAdapter = {
  id: 'aiproxy-library',
  cannotTake: TEXT_ONLY,
  request: (channel, _path, body) => jsonRequest(target(channel, '/api/library/ask'), libraryRequest(channel.other.trim(), body)),
  usageOfAnswer: () => null,
  usageOfChunk: () => null,
  textOfChunk: openai.textOfChunk,
  refusalOf: libraryRefusal,
  translation: { answer: openAIAnswer, stream: aiProxyStreamTranslator },
};
