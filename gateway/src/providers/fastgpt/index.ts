import type { Channel } from '../../ports/documents/channel-store.js';
import { bearerTarget, jsonRequest, openai } from '../openai/index.js';
import type { ProviderAdapter, UpstreamTarget } from '../types.js';

const target = bearerTarget('https://fastgpt.run/api/openapi');

/** The channel key `APIKey-AppId` (spec: key formats): the app id follows the last dash (FastGPT's API keys contain dashes, its ids do not). */
export function parseFastGptKey(key: string): { apiKey: string; appId: string } {
  const dash = key.lastIndexOf('-');
  return dash > 0 ? { apiKey: key.slice(0, dash), appId: key.slice(dash + 1) } : { apiKey: key, appId: '' };
}

function fastGptTarget(channel: Channel, path: string): UpstreamTarget {
  return target({ ...channel, key: parseFastGptKey(channel.key).apiKey }, path);
}

/**
 * FastGPT's knowledge base (channel type 22): OpenAI's protocol at its openapi base, the API key
 * part as Bearer and the app id in the body. Answers and streams are OpenAI's.
 */
export const fastGpt: ProviderAdapter = {
  ...openai,
  id: 'fastgpt',
  openAITarget: fastGptTarget,
  request(channel, path, body) {
    const { appId } = parseFastGptKey(channel.key);
    return jsonRequest(fastGptTarget(channel, path), appId ? { ...body, appId } : body);
  },
};
