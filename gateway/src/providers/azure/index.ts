import { baseOf } from '../shared/base-url.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { jsonRequest, openai } from '../openai/index.js';
import type { ProviderAdapter, UpstreamTarget } from '../types.js';

/** The api-version a channel without one in `other` gets (spec: channel form). */
export const DEFAULT_AZURE_API_VERSION = '2023-06-01-preview';

/** Azure names deployments without dots (gpt-3.5-turbo is deployed as gpt-35-turbo). */
export const azureDeployment = (model: string): string => model.replace(/\./g, '');

/** The Responses API (and its compaction) is not under a deployment: Azure reads the deployment from the body's model. */
const isResponses = (path: string) => path === '/v1/responses' || path === '/v1/responses/compact';

function azureTarget(channel: Channel, path: string, model: string): UpstreamTarget {
  const { origin, prefix } = baseOf(channel.baseUrl, '');
  const version = encodeURIComponent(channel.other.trim() || DEFAULT_AZURE_API_VERSION);
  const operation = isResponses(path) ? path.slice('/v1/'.length) : `deployments/${encodeURIComponent(azureDeployment(model))}/${path.replace(/^\/v1\//, '')}`;
  return { origin, path: `${prefix}/openai/${operation}?api-version=${version}`, headers: { 'api-key': channel.key } };
}

/**
 * Azure OpenAI (channel type 3): the OpenAI protocol at a deployment URL, the key in `api-key`,
 * the api-version from the channel's `other`. Answers and streams are OpenAI's, so they pipe as is.
 */
export const azure: ProviderAdapter = {
  ...openai,
  id: 'azure',
  openAITarget: azureTarget,
  request(channel: Channel, path, body) {
    const model = String(body.model);
    return jsonRequest(azureTarget(channel, path, model), isResponses(path) ? { ...body, model: azureDeployment(model) } : body);
  },
};
