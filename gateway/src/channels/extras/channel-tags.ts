import { ChannelStatus } from '@tollgate/wire';
import type { Channel, ChannelStore } from '../../ports/documents/channel-store.js';

/** new-api's tag edit (EditChannelByTag): each field given is set on every channel of the tag. */
export interface TagEdit {
  newTag?: string | null;
  modelMapping?: string | null;
  models?: string | null;
  groups?: string | null;
  priority?: number | null;
  weight?: number | null;
  paramOverride?: string | null;
  headerOverride?: string | null;
}

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * The patch new-api's EditChannelByTag writes: a new tag only when it differs, models and groups
 * only when not empty (an empty list would leave the channels serving nothing); the mapping,
 * priority, weight and overrides whenever sent.
 */
export function tagPatch(tag: string, edit: TagEdit): Partial<Channel> {
  const patch: Partial<Channel> = {};
  if (given(edit.newTag) && edit.newTag !== tag) patch.tag = edit.newTag;
  if (given(edit.modelMapping)) patch.modelMapping = edit.modelMapping;
  if (edit.models) patch.models = edit.models;
  if (edit.groups) patch.group = edit.groups;
  if (given(edit.priority)) patch.priority = edit.priority;
  if (given(edit.weight)) patch.weight = edit.weight;
  if (given(edit.paramOverride)) patch.paramOverride = edit.paramOverride;
  if (given(edit.headerOverride)) patch.headerOverride = edit.headerOverride;
  return patch;
}

/** Applies `patch` to every channel of `tag`; the ids changed. */
export async function updateTagged(channels: ChannelStore, tag: string, patch: Partial<Channel>): Promise<number[]> {
  const tagged = (await channels.all()).filter((channel) => channel.tag === tag);
  for (const channel of tagged) await channels.update(channel.id, patch);
  return tagged.map((channel) => channel.id);
}

export const tagStatus = (enabled: boolean): Partial<Channel> => ({ status: enabled ? ChannelStatus.Enabled : ChannelStatus.Disabled });

/** The distinct tags of `channels` (none for an untagged channel), in the order first met. */
export function tagsOf(channels: Channel[]): string[] {
  return [...new Set(channels.map((channel) => channel.tag).filter(Boolean))];
}

/**
 * new-api's tag mode: a page of tags, each with all its channels; untagged channels are not
 * listed. `total` counts tags, as new-api's CountChannelTags.
 */
export function tagModePage(channels: Channel[], offset: number, limit: number): { items: Channel[]; total: number } {
  const tags = tagsOf(channels);
  const page = new Set(tags.slice(offset, offset + limit));
  return { items: channels.filter((channel) => page.has(channel.tag)), total: tags.length };
}

/** new-api's GetTagModels: the longest model list among the tag's channels (the console fills its editor with it). */
export function tagModels(channels: Channel[], tag: string): string {
  let longest = '';
  let most = 0;
  for (const channel of channels) {
    if (channel.tag !== tag || !channel.models) continue;
    const count = channel.models.split(',').length;
    if (count > most) [longest, most] = [channel.models, count];
  }
  return longest;
}
