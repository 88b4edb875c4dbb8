import { z } from 'zod';
import type { AffinityEntries, AffinityLookups, ChannelAffinities } from '../../ports/hot-state/channel-affinities.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const key = z.string().min(1).max(512);
const rule = z.string().max(200);
const setArgs = z.tuple([key, z.number().int().positive(), z.number().positive(), z.number().int().positive()]);
const scope = z.union([z.literal('all'), z.object({ prefix: z.string().max(512), rule })]);

/** The owner's side: one table of affinities (and of lookups) for every worker. */
export function channelAffinitiesHandlers(affinities: ChannelAffinities): PortHandlers {
  return {
    get: handle(z.tuple([key, rule]), ([k, r]) => affinities.get(k, r)),
    set: handle(setArgs, ([k, channelId, ttlSeconds, maxEntries]) => affinities.set(k, channelId, ttlSeconds, maxEntries)),
    entries: handle(z.tuple([z.array(z.string().max(512)).max(100)]), ([prefixes]) => affinities.entries(prefixes)),
    lookups: handle(z.tuple([]), () => affinities.lookups()),
    clear: handle(z.tuple([scope]), ([s]) => affinities.clear(s)),
  };
}

export class IpcChannelAffinities implements ChannelAffinities {
  constructor(private readonly client: IpcClient) {}

  get(key: string, rule: string): Promise<number | null> {
    return this.client.call('affinities', 'get', [key, rule]);
  }

  set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void> {
    return this.client.call('affinities', 'set', [key, channelId, ttlSeconds, maxEntries]);
  }

  entries(prefixes: readonly string[]): Promise<AffinityEntries> {
    return this.client.call('affinities', 'entries', [prefixes]);
  }

  lookups(): Promise<Record<string, AffinityLookups>> {
    return this.client.call('affinities', 'lookups', []);
  }

  clear(scope: { prefix: string; rule: string } | 'all'): Promise<number> {
    return this.client.call('affinities', 'clear', [scope]);
  }
}
