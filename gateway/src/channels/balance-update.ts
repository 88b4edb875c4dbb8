import type { ChannelsContext } from '../contexts/channels.js';
import { ChannelStatus } from '@tollgate/wire';
import { withFirstEnabledKey } from './multi-key/channel-info.js';
import type { Channel } from '../ports/documents/channel-store.js';
import { fetchBalance } from './channel-balance.js';
import { type ChannelStatusDeps, disableAutomatically } from './channel-status.js';

type Deps = ChannelsContext;
type BalanceRunDeps = ChannelStatusDeps;

/** Asks the provider for the balance and keeps it on the channel; null when its type has no balance API. */
export async function updateBalance(deps: Deps, channel: Channel): Promise<number | null> {
  const pending = fetchBalance(withFirstEnabledKey(channel));
  if (!pending) return null;
  const balance = await pending;
  await deps.channels.update(channel.id, { balance, balanceUpdatedTime: Math.floor(Date.now() / 1000) });
  deps.notices.publish('channelHealth', channel.id);
  return balance;
}

/** The reason new-api leaves on a channel whose balance update found nothing left. */
const NO_BALANCE_REASON = '余额不足';

/**
 * Updates one enabled channel's balance for the update-all run; a channel found with nothing left
 * is switched off, as new-api's periodic update does, when AutomaticDisableChannelEnabled is on
 * (new-api disables even with the switch off; here the switch means what it says) and the channel
 * allows it (auto_ban).
 */
async function updateAndJudge(deps: BalanceRunDeps, channel: Channel): Promise<void> {
  const balance = await updateBalance(deps, channel);
  if (balance === null || balance > 0 || channel.autoBan === 0 || !deps.options.boolean('AutomaticDisableChannelEnabled')) return;
  await disableAutomatically(deps, channel, NO_BALANCE_REASON);
}

/** Updates every enabled channel's balance; one provider failing does not stop the others. */
export async function updateAllBalances(deps: BalanceRunDeps): Promise<void> {
  const enabled = (await deps.channels.all()).filter((channel) => channel.status === ChannelStatus.Enabled);
  await Promise.allSettled(enabled.map((channel) => updateAndJudge(deps, channel)));
}
