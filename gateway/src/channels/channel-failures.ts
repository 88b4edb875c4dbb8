import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../ports/documents/channel-store.js';
import { disableAutomatically } from './channel-status.js';
import { failureReason, shouldDisable } from './health-rules.js';
import { healthSwitches } from './health-switches.js';
import { readUpstreamFailure } from './upstream-failure.js';
import { channelInfoOf } from './multi-key/channel-info.js';
import { disableKeyAutomatically } from './multi-key/key-status.js';

/**
 * Judges a failed relay call: when the upstream says the channel's key or account is unusable and
 * AutomaticDisableChannelEnabled is on, the channel is switched off for every gateway; in a
 * multi-key channel only the key used (`keyIndex`), the channel once no key is left.
 */
export async function reportUpstreamFailure(deps: AccountsContext & MoneyContext & ChannelsContext, channel: Channel, status: number, body: string, keyIndex = 0): Promise<void> {
  if (channel.status !== ChannelStatus.Enabled || channel.autoBan === 0) return;
  const failure = readUpstreamFailure(status, body);
  if (!shouldDisable(healthSwitches(deps), channel.type, failure)) return;
  if (channelInfoOf(channel).is_multi_key) await disableKeyAutomatically(deps, channel.id, keyIndex, failureReason(failure));
  else await disableAutomatically(deps, channel, failureReason(failure));
}
