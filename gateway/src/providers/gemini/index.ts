import type { Channel } from '../../ports/channel-store.js';
import type { ProviderAdapter } from '../types.js';
import { openAIAnswer } from './answer.js';
import { geminiRequest } from './request.js';
import { geminiStreamTranslator } from './stream.js';
import { type GeminiResponse, geminiUsage } from './types.js';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
const API_VERSION = 'v1beta';

/** Google Gemini (channel type 24): OpenAI chat requests translated to generateContent and back. */
export const gemini: ProviderAdapter = {
  id: 'gemini',
  request(channel: Channel, _path, body) {
    const base = new URL(channel.baseUrl || DEFAULT_BASE_URL);
    const method = body.stream === true ? 'streamGenerateContent?alt=sse' : 'generateContent';
    const model = encodeURIComponent(String(body.model));
    return {
      origin: base.origin,
      path: `${base.pathname.replace(/\/+$/, '')}/${API_VERSION}/models/${model}:${method}`,
      headers: { 'content-type': 'application/json', 'x-goog-api-key': channel.key },
      body: JSON.stringify(geminiRequest(body)),
    };
  },
  usageOfAnswer: (answer) => geminiUsage((answer as GeminiResponse | null)?.usageMetadata),
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: { answer: openAIAnswer, stream: geminiStreamTranslator },
};
