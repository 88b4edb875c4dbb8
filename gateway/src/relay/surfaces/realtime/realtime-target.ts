import { ChannelType } from '@tollgate/wire';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { upstreamModel } from '../../../channels/model-mapping.js';
import { azureDeployment } from '../../../providers/azure/index.js';
import { bearerTarget } from '../../../providers/openai/index.js';
import { baseOf } from '../../../providers/shared/base-url.js';

/** Where a realtime session is opened upstream: a ws:// or wss:// URL and the auth headers. */
export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
}

/** The channel's http(s) origin as the WebSocket scheme of the same security. */
const asWebSocket = (origin: string) => origin.replace(/^http/, 'ws');

const openAITarget = bearerTarget('https://api.openai.com');

/** OpenAI: `/v1/realtime?model=`, Bearer auth (and the organization, when the channel names one). */
function openAIRealtime(channel: Channel, model: string): RealtimeTarget {
  const { origin, path, headers } = openAITarget(channel, `/v1/realtime?model=${encodeURIComponent(model)}`);
  return { url: `${asWebSocket(origin)}${path}`, headers };
}

/** Azure's GA endpoint (new-api's): `/openai/v1/realtime?model=<deployment>`, the key in `api-key`, no api-version. */
function azureRealtime(channel: Channel, model: string): RealtimeTarget {
  const { origin, prefix } = baseOf(channel.baseUrl, '');
  return { url: `${asWebSocket(origin)}${prefix}/openai/v1/realtime?model=${encodeURIComponent(azureDeployment(model))}`, headers: { 'api-key': channel.key } };
}

const byType: Partial<Record<number, (channel: Channel, model: string) => RealtimeTarget>> = {
  [ChannelType.OpenAI]: openAIRealtime,
  [ChannelType.Azure]: azureRealtime,
};

/** Only OpenAI and Azure channels serve OpenAI's realtime protocol, as in new-api. */
export const servesRealtime = (channel: Channel): boolean => byType[channel.type] !== undefined;

/** The upstream session for `model` (the client's name, mapped by the channel's model_mapping). */
export function realtimeTarget(channel: Channel, model: string): RealtimeTarget {
  const target = byType[channel.type];
  // The router offers only channels that serve realtime (`servesRealtime`), so this is a bug if it happens.
  if (!target) throw new Error(`channel type ${channel.type} does not serve realtime`);
  return target(channel, upstreamModel(channel, model));
}
