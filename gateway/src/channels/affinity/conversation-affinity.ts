import type { ChannelsContext } from '../../contexts/channels.js';
import { type AffinityCall, type AffinityKey, affinityKeyOf } from './affinity-key.js';
import { affinitySetting } from './affinity-setting.js';

/** A call's affinity: its key, and the channel its conversation last used (null: none yet). */
export interface CallAffinity extends AffinityKey {
  channelId: number | null;
}

/**
 * The call's affinity, read from the store (one read, only for a call a rule gives a key). A store
 * that fails costs the call its affinity, never the call: it is routed as if there were none.
 */
export async function affinityOf(deps: ChannelsContext, call: AffinityCall): Promise<CallAffinity | null> {
  const key = affinityKeyOf(affinitySetting(deps.options), call);
  if (!key) return null;
  const channelId = await deps.affinities.get(key.key, key.ruleName).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'channel affinity: reading the store failed; the call is routed without it');
    return null;
  });
  return { ...key, channelId };
}

/**
 * After a call succeeded: its conversation sticks to the channel that answered, or with
 * switch_on_success off, to the one first picked for it (new-api's RecordChannelAffinity). Not
 * awaited by the call; a failure is logged.
 */
export function rememberAffinity(deps: ChannelsContext, affinity: CallAffinity, picked: number, answered: number): void {
  const setting = affinitySetting(deps.options);
  const channelId = setting.switchOnSuccess ? answered : picked;
  deps.affinities.set(affinity.key, channelId, affinity.ttlSeconds, setting.maxEntries).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'channel affinity: remembering the channel failed');
  });
}

/**
 * What the call's log row shows admins of its affinity (`other.admin_info.channel_affinity`):
 * new-api's MarkChannelAffinityUsed when the call went to its conversation's channel, and the
 * template's `override_template` whenever one was applied; undefined when neither happened.
 */
export function affinityAdminInfo(affinity: CallAffinity | null, group: string, channelId: number): Record<string, unknown> | undefined {
  if (!affinity) return undefined;
  const sticky = affinity.channelId === channelId;
  const template = affinity.paramTemplate;
  if (!sticky && !template) return undefined;
  return {
    ...affinity.log,
    ...(sticky ? { selected_group: group, channel_id: channelId } : {}),
    ...(template ? { override_template: { applied: true, rule_name: affinity.ruleName, param_override_keys: Object.keys(template).length } } : {}),
  };
}
