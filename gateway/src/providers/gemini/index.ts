import { baseOf } from '../shared/base-url.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { ProviderAdapter, UpstreamRequest } from '../types.js';
import { openAIAnswer } from './answer.js';
import { geminiRequest } from './request.js';
import { geminiStreamTranslator } from './stream.js';
import { type GeminiResponse, geminiUsage } from './types.js';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
const API_VERSION = 'v1beta';

export const GEMINI_CHANNEL_TYPE = 24;

/** A request for `model:method` (e.g. `generateContent`) to a Gemini channel, its key in x-goog-api-key. */
export function geminiUpstream(channel: Channel, model: string, method: string, body: unknown): UpstreamRequest {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return {
    origin,
    path: `${prefix}/${API_VERSION}/models/${encodeURIComponent(model)}:${method}`,
    headers: { 'content-type': 'application/json', 'x-goog-api-key': channel.key },
    body: JSON.stringify(body),
  };
}

/** A GET of one of the API's resources by its name (`models/veo/operations/abc`, `files/abc:download?alt=media`), the key in x-goog-api-key. */
export function geminiResource(channel: Channel, name: string): UpstreamRequest {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}/${API_VERSION}/${name}`, method: 'GET', headers: { 'x-goog-api-key': channel.key }, body: '' };
}

/** Google Gemini (channel type 24): OpenAI chat requests translated to generateContent and back. */
export const gemini: ProviderAdapter = {
  id: 'gemini',
  request: (channel: Channel, _path, body) =>
    geminiUpstream(channel, String(body.model), body.stream === true ? 'streamGenerateContent?alt=sse' : 'generateContent', geminiRequest(body)),
  usageOfAnswer: (answer) => geminiUsage((answer as GeminiResponse | null)?.usageMetadata),
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: { answer: openAIAnswer, stream: geminiStreamTranslator },
  geminiNative: { serves: () => true, request: geminiUpstream },
};
