import type { Channel } from '../../ports/channel-store.js';
import { openai } from '../openai/index.js';
import type { ProviderAdapter } from '../types.js';

/** The api-version a channel without one in `other` gets (spec: channel form). */
export const DEFAULT_AZURE_API_VERSION = '2023-06-01-preview';

/** Azure names deployments without dots (gpt-3.5-turbo is deployed as gpt-35-turbo). */
export const azureDeployment = (model: string): string => model.replace(/\./g, '');

/**
 * Azure OpenAI (channel type 3): the OpenAI protocol at a deployment URL, the key in `api-key`,
 * the api-version from the channel's `other`. Answers and streams are OpenAI's, so they pipe as is.
 */
export const azure: ProviderAdapter = {
  ...openai,
  id: 'azure',
  request(channel: Channel, path, body) {
    const base = new URL(channel.baseUrl);
    const operation = path.replace(/^\/v1\//, '');
    const version = encodeURIComponent(channel.other.trim() || DEFAULT_AZURE_API_VERSION);
    const deployment = encodeURIComponent(azureDeployment(String(body.model)));
    return {
      origin: base.origin,
      path: `${base.pathname.replace(/\/+$/, '')}/openai/deployments/${deployment}/${operation}?api-version=${version}`,
      headers: { 'content-type': 'application/json', 'api-key': channel.key },
      body: JSON.stringify(body),
    };
  },
};
