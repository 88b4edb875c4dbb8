import { ChannelStatus } from '@tollgate/wire';
import type { Channel, ChannelStore } from '../../ports/documents/channel-store.js';
import { type ChosenKey, KeyChooser, type KeyGate } from '../../channels/multi-key/key-choice.js';
import type { BreakerKey } from '../../ports/hot-state/circuit-breakers.js';

const splitList = (list: string) => list.split(',').map((s) => s.trim()).filter(Boolean);

/** Candidates for one group and model, highest priority first. */
type Tiers = Channel[][];

/** Which channels and keys a circuit breaker keeps out now (breaker-view.ts); the router reads it for every candidate. */
export interface ChannelGate {
  /** Whether any breaker of the channel (its own or a key's) is not closed: no, the usual answer, is one lookup. */
  holds(channelId: number): boolean;
  /** Whether the breaker lets a call through now: closed, or due a probe. */
  admits(breaker: BreakerKey): boolean;
}

const ALL_ADMITTED: ChannelGate = { holds: () => false, admits: () => true };

/**
 * The group/model ability table, in memory: a channel serves each model in `models` for each group
 * in `group`. Picks the highest priority, weighted at random within it; rebuilt on change notices.
 * A channel whose breaker is open, or a multi-key channel whose keys' breakers are all open, is
 * skipped like a disabled one, its stored status untouched; a key whose breaker is open is not chosen.
 */
export class ChannelRouter {
  private table = new Map<string, Tiers>();
  private byIds = new Map<number, Channel>();

  private readonly keys: KeyChooser;
  private readonly admits: KeyGate;

  constructor(
    private readonly channels: ChannelStore,
    private readonly random: () => number = Math.random,
    private readonly gate: ChannelGate = ALL_ADMITTED,
  ) {
    this.keys = new KeyChooser(random);
    this.admits = (breaker) => gate.admits(breaker);
  }

  /**
   * The key a call to `channel` uses (one of a multi-key channel's, skipping disabled ones and
   * those a breaker keeps out, and any `passed`); null when none is left. An admin's pinned
   * channel (`gated` false) takes any enabled key.
   */
  keyFor(channel: Channel, { gated = true, passed }: { gated?: boolean; passed?: ReadonlySet<number> } = {}): ChosenKey | null {
    if (!gated) return this.keys.choose(channel);
    if (!passed?.size) return this.keys.choose(channel, this.admits);
    return this.keys.choose(channel, (breaker) => !passed.has(breaker.keyIndex ?? 0) && this.gate.admits(breaker));
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
      const open = tier.filter((c) => !exclude.has(c.id) && accepts(c) && this.admitted(c));
      if (open.length > 0) return weightedPick(open, this.random);
    }
    return null;
  }

  /**
   * Channel `id` when it would be a candidate for the model in the group now (enabled, serving the
   * ability, accepted, not kept out by its breakers); null otherwise. An affinity's channel is taken only so.
   */
  candidate(group: string, model: string, id: number, accepts: (channel: Channel) => boolean = () => true): Channel | null {
    for (const tier of this.table.get(`${group}\u0000${model}`) ?? []) {
      const channel = tier.find((c) => c.id === id);
      if (channel) return accepts(channel) && this.admitted(channel) ? channel : null;
    }
    return null;
  }

  /** No breaker holds the channel (the usual case), or one of its keys may still be taken. */
  private admitted(channel: Channel): boolean {
    return !this.gate.holds(channel.id) || this.keys.hasKey(channel, this.admits);
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
