import type { Channel } from '../ports/documents/channel-store.js';
import { providerFor } from '../providers/index.js';
import { getUpstreamJson } from './upstream-get.js';

/** Whether a channel speaks OpenAI's protocol (its model list is `GET /v1/models`). */
export function speaksOpenAI(channel: Channel): boolean {
  return providerFor(channel.type).id === 'openai';
}

/** The model ids the channel's upstream lists. */
export async function fetchUpstreamModels(channel: Channel): Promise<string[]> {
  const list = (await getUpstreamJson(channel, '/v1/models')).data;
  if (!Array.isArray(list)) return [];
  return list.map((model: { id?: unknown }) => model.id).filter((id): id is string => typeof id === 'string');
}
