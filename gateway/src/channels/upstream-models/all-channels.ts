import type { ChannelsContext } from '../../contexts/channels.js';
import { applyToChannel, type Detected, detectChannel, watchedChannels } from './upstream-updates.js';
import { upstreamSettingsOf } from './upstream-settings.js';

interface AppliedRow {
  channel_id: number;
  channel_name: string;
  added_models: string[];
  removed_models: string[];
  remaining_models: string[];
  remaining_remove_models: string[];
}

const total = <T>(rows: T[], pick: (row: T) => string[]) => rows.reduce((sum, row) => sum + pick(row).length, 0);

/** detect_all: every watched channel checked; one that cannot be fetched is named, the others go on (new-api's answer). */
export async function detectAll(deps: ChannelsContext) {
  const results: Detected[] = [];
  const failed: number[] = [];
  for (const channel of await watchedChannels(deps)) {
    await detectChannel(deps, channel).then(
      (detected) => results.push(detected),
      () => failed.push(channel.id),
    );
  }
  return {
    processed_channels: results.length,
    failed_channel_ids: failed,
    detected_add_models: total(results, (d) => d.add_models),
    detected_remove_models: total(results, (d) => d.remove_models),
    channel_detected_results: results,
  };
}

/** apply_all: every watched channel's pending changes applied whole (nothing ignored). */
export async function applyAll(deps: ChannelsContext) {
  const results: AppliedRow[] = [];
  for (const channel of await watchedChannels(deps)) {
    const settings = upstreamSettingsOf(channel);
    const add = settings.upstream_model_update_last_detected_models;
    const remove = settings.upstream_model_update_last_removed_models;
    if (add.length === 0 && remove.length === 0) continue;
    const { applied } = await applyToChannel(deps, channel, { add, remove, ignore: [] });
    results.push({ channel_id: channel.id, channel_name: channel.name, added_models: applied.added, removed_models: applied.removed, remaining_models: applied.remainingAdd, remaining_remove_models: applied.remainingRemove });
  }
  return { processed_channels: results.length, added_models: total(results, (r) => r.added_models), removed_models: total(results, (r) => r.removed_models), failed_channel_ids: [], results };
}

/**
 * new-api's periodic task: every watched channel checked, new models added at once where its
 * auto-sync is on; a channel checked in the last five minutes (an admin's detect) is left alone.
 * A channel that cannot be read is reported and the rest go on.
 */
export async function checkWatchedChannels(deps: ChannelsContext, onError: (error: unknown) => void): Promise<void> {
  const recent = Math.floor(Date.now() / 1000) - MIN_CHECK_INTERVAL_SECONDS;
  for (const channel of await watchedChannels(deps)) {
    if (upstreamSettingsOf(channel).upstream_model_update_last_check_time > recent) continue;
    await detectChannel(deps, channel, true).catch(onError);
  }
}

/** new-api's CHANNEL_UPSTREAM_MODEL_UPDATE_MIN_CHECK_INTERVAL_SECONDS default. */
const MIN_CHECK_INTERVAL_SECONDS = 300;
