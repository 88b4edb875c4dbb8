import type { Channel } from '../../ports/documents/channel-store.js';
import { bearerTarget, jsonRequest, openai } from '../openai/index.js';
import type { ProviderAdapter, UpstreamTarget } from '../types.js';

const target = bearerTarget('https://api.cloudflare.com');

/** Workers AI's OpenAI-compatible endpoints live under the account (its id in the channel's `other`). */
function workersTarget(channel: Channel, path: string): UpstreamTarget {
  const account = channel.other.trim();
  if (!account) throw new Error('Cloudflare channel needs its account id in other');
  return target(channel, `/client/v4/accounts/${encodeURIComponent(account)}/ai${path}`);
}

/**
 * Cloudflare Workers AI (channel type 39): OpenAI's protocol under
 * /client/v4/accounts/{account id}/ai/v1, an API token as Bearer. Answers and streams are OpenAI's.
 */
export const cloudflare: ProviderAdapter = {
  ...openai,
  id: 'cloudflare',
  openAITarget: workersTarget,
  request: (channel, path, body) => jsonRequest(workersTarget(channel, path), body),
};
