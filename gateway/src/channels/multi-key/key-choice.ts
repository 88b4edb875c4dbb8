import type { Channel } from '../../ports/documents/channel-store.js';
import type { BreakerKey } from '../../ports/hot-state/circuit-breakers.js';
import { channelInfoOf, KeyStatus, keyStatus, keysOf } from './channel-info.js';

/** The key a call uses: the channel as the provider sees it (its `key` the one chosen), the key's index, and the breaker that guards it. */
export interface ChosenKey {
  channel: Channel;
  index: number;
  /** A multi-key channel's key has a breaker of its own; any other channel's key is the channel's. */
  breaker: BreakerKey;
}

/** Whether a call may take a key now (its circuit breaker lets it through); every key, when breakers do not matter. */
export type KeyGate = (breaker: BreakerKey) => boolean;

const EVERY_KEY: KeyGate = () => true;

/**
 * Picks the key of a multi-key channel for each call, as new-api's GetNextEnabledKey: random among
 * the enabled keys, or polling (the next enabled key after the last one used). The polling cursor
 * is this gateway's own, in memory: no store round trip per call, so each gateway of a fleet
 * rotates on its own, which spreads the calls just as evenly.
 */
export class KeyChooser {
  private readonly cursors = new Map<number, number>();

  constructor(private readonly random: () => number = Math.random) {}

  /** The key for the next call, among those enabled that `gate` lets through; null when there is none. */
  choose(channel: Channel, gate: KeyGate = EVERY_KEY): ChosenKey | null {
    const { multiKey, keys, enabled, polling } = usableKeys(channel, gate);
    if (enabled.length === 0) return null;
    if (!multiKey) return { channel, index: 0, breaker: { channelId: channel.id } };
    const index = polling ? this.nextPolled(channel.id, keys.length, enabled) : (enabled[Math.floor(this.random() * enabled.length)] ?? 0);
    return { channel: { ...channel, key: keys[index] ?? '' }, index, breaker: { channelId: channel.id, keyIndex: index } };
  }

  /** Whether `choose` would find a key (the router's question for a channel some breaker holds), without moving a polling cursor. */
  hasKey(channel: Channel, gate: KeyGate): boolean {
    return usableKeys(channel, gate).enabled.length > 0;
  }

  private nextPolled(channelId: number, size: number, enabled: number[]): number {
    const start = (this.cursors.get(channelId) ?? 0) % size;
    const index = enabled.find((i) => i >= start) ?? (enabled[0] as number);
    this.cursors.set(channelId, (index + 1) % size);
    return index;
  }
}

interface UsableKeys {
  multiKey: boolean;
  keys: string[];
  /** Indexes of the keys that are enabled and that the gate lets through. */
  enabled: number[];
  polling: boolean;
}

function usableKeys(channel: Channel, gate: KeyGate): UsableKeys {
  const info = channel.channelInfo ? channelInfoOf(channel) : null;
  if (!info?.is_multi_key) return { multiKey: false, keys: [channel.key], enabled: gate({ channelId: channel.id }) ? [0] : [], polling: false };
  const keys = keysOf(channel);
  const enabled = keys.map((_, index) => index).filter((index) => keyStatus(info, index) === KeyStatus.Enabled && gate({ channelId: channel.id, keyIndex: index }));
  return { multiKey: true, keys, enabled, polling: info.multi_key_mode === 'polling' };
}
