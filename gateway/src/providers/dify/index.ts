import { bearerTarget, jsonRequest } from '../openai/index.js';
import type { ProviderAdapter } from '../types.js';
import { difyStreamTranslator, difyUsage, openAIAnswer } from './answer.js';
import { difyRequest } from './request.js';
import { TEXT_ONLY } from '../shared/text-chat.js';

const target = bearerTarget('https://api.dify.ai');

/**
 * Dify (channel type 37): an app's chat-messages API, the app's key as Bearer; blocking or
 * streaming, usage in metadata.usage.
 */
export const dify: ProviderAdapter = {
  id: 'dify',
  cannotTake: TEXT_ONLY,
  request: (channel, _path, body) => jsonRequest(target(channel, '/v1/chat-messages'), difyRequest(body)),
  usageOfAnswer: difyUsage,
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: { answer: openAIAnswer, stream: difyStreamTranslator },
};
