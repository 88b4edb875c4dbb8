import type { Channel } from '../../ports/channel-store.js';
import type { ProviderAdapter } from '../types.js';
import { openAIAnswer } from './answer.js';
import { claudeRequest } from './request.js';
import { claudeStreamTranslator } from './stream.js';
import { claudeUsage, type ClaudeAnswer } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';
const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Anthropic Claude (channel type 14): OpenAI chat requests translated to the Messages API and back. */
export const anthropic: ProviderAdapter = {
  id: 'anthropic',
  request(channel: Channel, _path, body) {
    const base = new URL(channel.baseUrl || DEFAULT_BASE_URL);
    return {
      origin: base.origin,
      path: `${base.pathname.replace(/\/+$/, '')}/v1/messages`,
      headers: { 'content-type': 'application/json', 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION },
      body: JSON.stringify(claudeRequest(body)),
    };
  },
  usageOfAnswer: (answer) => claudeUsage((answer as ClaudeAnswer | null)?.usage),
  usageOfChunk: () => null,
  textOfChunk: () => '',
  translation: { answer: openAIAnswer, stream: claudeStreamTranslator },
};
