import type { Channel } from '../../ports/documents/channel-store.js';
import { channelInfoOf, KeyStatus, keyStatus, keysOf } from './channel-info.js';

/** The key a call uses: the channel as the provider sees it (its `key` the one chosen) and the key's index. */
export interface ChosenKey {
  channel: Channel;
  index: number;
}

/**
 * The channel as a call with its key at `index` sees it, a channel of that one key: a task polled
 * (or remixed) with the key that submitted it. A channel of one key is itself; an index past the
 * keys (edited since) takes the first.
 */
export function withKeyAt(channel: Channel, index: number): Channel {
  if (!channel.channelInfo || !channelInfoOf(channel).is_multi_key) return channel;
  const keys = keysOf(channel);
  return { ...channel, key: keys[index] ?? keys[0] ?? '', channelInfo: '' };
}

/**
 * Picks the key of a multi-key channel for each call, as new-api's GetNextEnabledKey: random among
 * the enabled keys, or polling (the next enabled key after the last one used). The polling cursor
 * is this gateway's own, in memory: no store round trip per call, so each gateway of a fleet
 * rotates on its own, which spreads the calls just as evenly.
 */
export class KeyChooser {
  private readonly cursors = new Map<number, number>();

  constructor(private readonly random: () => number = Math.random) {}

  /** The key for the next call; null when the channel has no enabled key left. */
  choose(channel: Channel): ChosenKey | null {
    if (!channel.channelInfo) return { channel, index: 0 };
    const info = channelInfoOf(channel);
    if (!info.is_multi_key) return { channel, index: 0 };
    const keys = keysOf(channel);
    const enabled = keys.map((_, index) => index).filter((index) => keyStatus(info, index) === KeyStatus.Enabled);
    if (enabled.length === 0) return null;
    const index = info.multi_key_mode === 'polling' ? this.nextPolled(channel.id, keys.length, enabled) : (enabled[Math.floor(this.random() * enabled.length)] ?? 0);
    return { channel: { ...channel, key: keys[index] ?? '' }, index };
  }

  private nextPolled(channelId: number, size: number, enabled: number[]): number {
    const start = (this.cursors.get(channelId) ?? 0) % size;
    const index = enabled.find((i) => i >= start) ?? (enabled[0] as number);
    this.cursors.set(channelId, (index + 1) % size);
    return index;
  }
}
