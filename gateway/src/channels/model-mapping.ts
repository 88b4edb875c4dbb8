import { own, parseJsonTable } from '@tollgate/wire';
import type { Channel } from '../ports/channel-store.js';

/** The upstream's name for the model, from the channel's model_mapping JSON. */
export function upstreamModel(channel: Channel, model: string): string {
  // Own keys only: a client's model `constructor` must not map to Object's.
  const mapped = own(parseJsonTable(channel.modelMapping || '{}'), model);
  return typeof mapped === 'string' && mapped ? mapped : model;
}
