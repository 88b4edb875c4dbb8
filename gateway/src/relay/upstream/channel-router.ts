import { ChannelStatus } from '@tollgate/wire';
import type { Channel, ChannelStore } from '../../ports/documents/channel-store.js';
import { type ChosenKey, KeyChooser } from '../../channels/multi-key/key-choice.js';

const splitList = (list: string) => list.split(',').map((s) => s.trim()).filter(Boolean);

/** Candidates for one group and model, highest priority first. */
type Tiers = Channel[][];

/** Which channels a circuit breaker keeps out now (breaker-view.ts); the router reads it for every candidate. */
export interface ChannelGate {
  admits(channelId: number): boolean;
}

const ALL_ADMITTED: ChannelGate = { admits: () => true };

/**
 * The group/model ability table, in memory: a channel serves each model in `models` for each group
 * in `group`. Picks the highest priority, weighted at random within it; rebuilt on change notices.
 * A channel whose breaker is open is skipped like a disabled one, its stored status untouched.
 */
export class ChannelRouter {
  private table = new Map<string, Tiers>();
  private byIds = new Map<number, Channel>();

  private readonly keys: KeyChooser;

  constructor(
    private readonly channels: ChannelStore,
    private readonly random: () => number = Math.random,
    private readonly gate: ChannelGate = ALL_ADMITTED,
  ) {
    this.keys = new KeyChooser(random);
  }

  /** The key a call to `channel` uses (one of a multi-key channel's, skipping disabled ones); null when none is enabled. */
  keyFor(channel: Channel): ChosenKey | null {
    return this.keys.choose(channel);
  }

  async reload(): Promise<void> {
    const byAbility = new Map<string, Channel[]>();
    const all = await this.channels.all();
    for (const channel of all) {
      if (channel.status !== ChannelStatus.Enabled) continue;
      for (const group of splitList(channel.group)) {
        for (const model of splitList(channel.models)) {
          const key = `${group}\u0000${model}`;
          byAbility.set(key, [...(byAbility.get(key) ?? []), channel]);
        }
      }
    }
    this.table = new Map([...byAbility].map(([key, list]) => [key, tiersOf(list)]));
    this.byIds = new Map(all.map((channel) => [channel.id, channel]));
  }

  /** Any channel by id, enabled or not (an admin's pinned channel); null when there is none. */
  byId(id: number): Channel | null {
    return this.byIds.get(id) ?? null;
  }

  /** A channel for the model in the group, skipping `exclude`d ones, any `accepts` refuses and those an open breaker keeps out; null when none serves it. */
  pick(group: string, model: string, exclude: ReadonlySet<number> = new Set(), accepts: (channel: Channel) => boolean = () => true): Channel | null {
    for (const tier of this.table.get(`${group}\u0000${model}`) ?? []) {
      const open = tier.filter((c) => !exclude.has(c.id) && accepts(c) && this.gate.admits(c.id));
      if (open.length > 0) return weightedPick(open, this.random);
    }
    return null;
  }

  /**
   * Channel `id` when it would be a candidate for the model in the group now (enabled, serving the
   * ability, accepted, no open breaker); null otherwise. An affinity's channel is taken only so.
   */
  candidate(group: string, model: string, id: number, accepts: (channel: Channel) => boolean = () => true): Channel | null {
    for (const tier of this.table.get(`${group}\u0000${model}`) ?? []) {
      const channel = tier.find((c) => c.id === id);
      if (channel) return accepts(channel) && this.gate.admits(id) ? channel : null;
    }
    return null;
  }

  /** Models served to a group, for /v1/models. */
  models(group: string): string[] {
    const prefix = `${group}\u0000`;
    return [...this.table.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)).sort();
  }
}

function tiersOf(channels: Channel[]): Tiers {
  const byPriority = new Map<number, Channel[]>();
  for (const channel of channels) byPriority.set(channel.priority, [...(byPriority.get(channel.priority) ?? []), channel]);
  return [...byPriority.entries()].sort(([a], [b]) => b - a).map(([, tier]) => tier);
}

/** Weighted random; when every weight is 0 each channel is equally likely. */
function weightedPick(channels: Channel[], random: () => number): Channel {
  const total = channels.reduce((sum, c) => sum + Math.max(c.weight, 0), 0);
  if (total === 0) return channels[Math.floor(random() * channels.length)] ?? (channels[0] as Channel);
  let point = random() * total;
  for (const channel of channels) {
    point -= Math.max(channel.weight, 0);
    if (point < 0) return channel;
  }
  return channels[channels.length - 1] as Channel;
}
