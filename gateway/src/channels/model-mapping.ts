import type { Channel } from '../ports/channel-store.js';

/** The upstream's name for the model, from the channel's model_mapping JSON. */
export function upstreamModel(channel: Channel, model: string): string {
  try {
    const mapped = (JSON.parse(channel.modelMapping || '{}') as Record<string, unknown>)[model];
    return typeof mapped === 'string' && mapped ? mapped : model;
  } catch {
    return model;
  }
}
