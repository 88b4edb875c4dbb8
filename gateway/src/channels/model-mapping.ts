import { own, parseJsonTable } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';

/**
 * Parsed model_mapping texts, by text. The relay reads a channel's mapping twice a call; parsing
 * its JSON each time was a measured share of a relayed call (issue #37). Keyed by the text itself,
 * so an edited channel is read afresh; a text is never mutated, so sharing the parse is safe.
 */
const parsedMappings = new Map<string, Readonly<Record<string, unknown>>>();

/** More distinct texts than channels ever have: past it the cache starts over, so it cannot grow with history. */
const MAX_CACHED_MAPPINGS = 1_024;

function mappingOf(text: string): Readonly<Record<string, unknown>> {
  const cached = parsedMappings.get(text);
  if (cached) return cached;
  if (parsedMappings.size >= MAX_CACHED_MAPPINGS) parsedMappings.clear();
  const table = Object.freeze(parseJsonTable(text));
  parsedMappings.set(text, table);
  return table;
}

/** The upstream's name for the model, from the channel's model_mapping JSON. */
export function upstreamModel(channel: Channel, model: string): string {
  // Own keys only: a client's model `constructor` must not map to Object's.
  const mapped = own(mappingOf(channel.modelMapping || '{}'), model);
  return typeof mapped === 'string' && mapped ? mapped : model;
}
