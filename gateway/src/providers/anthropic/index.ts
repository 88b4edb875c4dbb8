import { dict } from '@tollgate/wire';
import { baseOf } from '../shared/base-url.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { ProviderAdapter, UpstreamRequest } from '../types.js';
import { openAIAnswer } from './answer.js';
import { claudeRequest } from './request.js';
import { claudeStreamTranslator } from './stream.js';
import { claudeUsage, type ClaudeAnswer } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** A request to a Claude channel's `path` (its base URL, or Anthropic's), with its key. */
export function claudeUpstream(channel: Channel, path: string, body: unknown, beta?: string): UpstreamRequest {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  const headers: Record<string, string> = dict({ 'content-type': 'application/json', 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION });
  if (beta) headers['anthropic-beta'] = beta;
  return { origin, path: `${prefix}${path}`, headers, body: JSON.stringify(body) };
}

/** Anthropic Claude (channel type 14): OpenAI chat requests translated to the Messages API and back. */
export const anthropic: ProviderAdapter = {
  id: 'anthropic',
  request: (channel: Channel, _path, body) => claudeUpstream(channel, '/v1/messages', claudeRequest(body)),
  usageOfAnswer: (answer) => claudeUsage((answer as ClaudeAnswer | null)?.usage),
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: { answer: openAIAnswer, stream: claudeStreamTranslator },
  claudeNative: { serves: () => true, request: (channel, body, beta) => claudeUpstream(channel, '/v1/messages', body, beta) },
};
