import type { ChannelsContext } from '../../contexts/channels.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import { ChannelStatus } from '@tollgate/wire';
import { fetchUpstreamModels } from './model-lists.js';
import { type Applied, applySelection, merged, normalized, pendingChanges, type Selection } from './model-changes.js';
import { mappingOf, modelsOf, type UpstreamSettings, upstreamSettingsOf } from './upstream-settings.js';

/** new-api's detect result of one channel. */
export interface Detected {
  channel_id: number;
  channel_name: string;
  add_models: string[];
  remove_models: string[];
  last_check_time: number;
  auto_added_models: number;
}

const now = () => Math.floor(Date.now() / 1000);

/** Stores the settings (and the models, when they changed); a model change reaches every gateway's routing table. */
async function save(deps: ChannelsContext, channel: Channel, settings: UpstreamSettings, models?: string[]): Promise<Channel> {
  const patch = { settings: JSON.stringify(settings), ...(models ? { models: models.join(',') } : {}) };
  const saved = (await deps.channels.update(channel.id, patch)) ?? { ...channel, ...patch };
  if (models) deps.notices.publish('channels', channel.id);
  return saved;
}

/**
 * Asks the channel's upstream for its models and stores what changed against the channel's list
 * (new-api's checkAndPersistChannelUpstreamModelUpdates). With `autoApply` (the periodic check) and
 * the channel's auto-sync on, new models are added at once. A failed fetch still records the check time.
 */
export async function detectChannel(deps: ChannelsContext, channel: Channel, autoApply = false): Promise<Detected> {
  const settings = upstreamSettingsOf(channel);
  settings.upstream_model_update_last_check_time = now();
  let upstream: string[];
  try {
    upstream = await fetchUpstreamModels(channel);
  } catch (error) {
    await save(deps, channel, settings);
    throw error;
  }
  const { add, remove } = pendingChanges(modelsOf(channel), upstream, settings.upstream_model_update_ignored_models, mappingOf(channel));
  const before = normalized(modelsOf(channel));
  const autoSync = autoApply && settings.upstream_model_update_auto_sync_enabled && add.length > 0;
  const after = autoSync ? merged(before, add) : before;
  settings.upstream_model_update_last_detected_models = autoSync ? [] : add;
  settings.upstream_model_update_last_removed_models = remove;
  await save(deps, channel, settings, after.length > before.length ? after : undefined);
  return {
    channel_id: channel.id,
    channel_name: channel.name,
    add_models: settings.upstream_model_update_last_detected_models,
    remove_models: remove,
    last_check_time: settings.upstream_model_update_last_check_time,
    auto_added_models: after.length - before.length,
  };
}

/** Applies an admin's choice among the channel's pending changes; returns what was done and the channel after. */
export async function applyToChannel(deps: ChannelsContext, channel: Channel, selection: Selection): Promise<{ applied: Applied; channel: Channel }> {
  const settings = upstreamSettingsOf(channel);
  const pending = { add: settings.upstream_model_update_last_detected_models, remove: settings.upstream_model_update_last_removed_models };
  const applied = applySelection(modelsOf(channel), pending, settings.upstream_model_update_ignored_models, selection);
  settings.upstream_model_update_ignored_models = applied.ignoredAfter;
  settings.upstream_model_update_last_detected_models = applied.remainingAdd;
  settings.upstream_model_update_last_removed_models = applied.remainingRemove;
  settings.upstream_model_update_last_check_time = now();
  const changed = applied.models.join(',') !== normalized(modelsOf(channel)).join(',');
  return { applied, channel: await save(deps, channel, settings, changed ? applied.models : undefined) };
}

/** The enabled channels whose settings turn detection on, in id order (new-api's findEnabledChannelsAfterID over all pages). */
export async function watchedChannels(deps: ChannelsContext): Promise<Channel[]> {
  const all = await deps.channels.all();
  return all.filter((c) => c.status === ChannelStatus.Enabled && upstreamSettingsOf(c).upstream_model_update_check_enabled).sort((a, b) => a.id - b.id);
}
