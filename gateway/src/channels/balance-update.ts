import type { GatewayDeps } from '../deps.js';
import { type Channel, ChannelStatus } from '../ports/channel-store.js';
import { fetchBalance } from './channel-balance.js';

type Deps = Pick<GatewayDeps, 'channels' | 'notices'>;

/** Asks the provider for the balance and keeps it on the channel; null when its type has no balance API. */
export async function updateBalance(deps: Deps, channel: Channel): Promise<number | null> {
  const pending = fetchBalance(channel);
  if (!pending) return null;
  const balance = await pending;
  await deps.channels.update(channel.id, { balance, balanceUpdatedTime: Math.floor(Date.now() / 1000) });
  deps.notices.publish('channelHealth', channel.id);
  return balance;
}

/** Updates every enabled channel's balance; one provider failing does not stop the others. */
export async function updateAllBalances(deps: Deps): Promise<void> {
  const enabled = (await deps.channels.all()).filter((channel) => channel.status === ChannelStatus.Enabled);
  await Promise.allSettled(enabled.map((channel) => updateBalance(deps, channel)));
}
