import type { Channel } from '../../ports/documents/channel-store.js';
import { jsonRequest, openai } from '../openai/index.js';
import { baseOf } from '../shared/base-url.js';
import type { ProviderAdapter } from '../types.js';
import { outputSensitive } from '../shared/content-filter.js';

const DEFAULT_BASE_URL = 'https://api.minimax.chat';

/** MiniMax's status of every answer: a non-zero status_code is a refusal, even with HTTP 200. */
export function minimaxRefusal(answer: unknown): string | null {
  const status = (answer as { base_resp?: { status_code?: number; status_msg?: string } } | null)?.base_resp;
  return status?.status_code ? `MiniMax error ${status.status_code}: ${status.status_msg ?? ''}` : null;
}

/** MiniMax (channel type 35): chatcompletion_v2 speaks OpenAI's chat shapes, with base_resp for errors. */
export const minimax: ProviderAdapter = {
  id: 'minimax',
  usageOfAnswer: openai.usageOfAnswer,
  usageOfChunk: openai.usageOfChunk,
  textOfChunk: openai.textOfChunk,
  request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    return jsonRequest({ origin, path: `${prefix}/v1/text/chatcompletion_v2`, headers: { authorization: `Bearer ${channel.key}` } }, body);
  },
  refusalOf: minimaxRefusal,
  filtered: outputSensitive,
};
