import { z } from 'zod';
import type { ChannelAffinities } from '../../ports/hot-state/channel-affinities.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const key = z.string().min(1).max(512);
const setArgs = z.tuple([key, z.number().int().positive(), z.number().positive(), z.number().int().positive()]);

/** The owner's side: one table of affinities for every worker. */
export function channelAffinitiesHandlers(affinities: ChannelAffinities): PortHandlers {
  return {
    get: handle(z.tuple([key]), ([k]) => affinities.get(k)),
    set: handle(setArgs, ([k, channelId, ttlSeconds, maxEntries]) => affinities.set(k, channelId, ttlSeconds, maxEntries)),
  };
}

export class IpcChannelAffinities implements ChannelAffinities {
  constructor(private readonly client: IpcClient) {}

  get(key: string): Promise<number | null> {
    return this.client.call('affinities', 'get', [key]);
  }

  set(key: string, channelId: number, ttlSeconds: number, maxEntries: number): Promise<void> {
    return this.client.call('affinities', 'set', [key, channelId, ttlSeconds, maxEntries]);
  }
}
