import { ChannelStatus, dict } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';

/** new-api's list filters: a channel type, and enabled or not enabled (manually or automatically disabled). */
export interface ChannelListFilter {
  type?: number;
  status: 'all' | 'enabled' | 'disabled';
}

/** new-api's parseStatusFilter: `enabled`/`1` and `disabled`/`0`; anything else lists every status. */
export function statusFilterOf(value: string | undefined): ChannelListFilter['status'] {
  const lower = value?.toLowerCase();
  if (lower === 'enabled' || lower === '1') return 'enabled';
  if (lower === 'disabled' || lower === '0') return 'disabled';
  return 'all';
}

export function withStatus(channels: Channel[], status: ChannelListFilter['status']): Channel[] {
  if (status === 'all') return channels;
  const enabled = status === 'enabled';
  return channels.filter((channel) => (channel.status === ChannelStatus.Enabled) === enabled);
}

export function withType(channels: Channel[], type: number | undefined): Channel[] {
  return type === undefined || type < 0 ? channels : channels.filter((channel) => channel.type === type);
}

/** The console's type tabs: how many channels of each type (`{ "1": 3 }`), over the channels given. */
export function typeCounts(channels: Channel[]): Record<string, number> {
  const counts: Record<string, number> = dict({});
  for (const channel of channels) counts[channel.type] = (counts[channel.type] ?? 0) + 1;
  return counts;
}

/** The list's order: priority then newest, or newest first when sorting by id (ChannelStore.list's). */
export const listOrder = (idSort: boolean) => (a: Channel, b: Channel) => (idSort ? b.id - a.id : b.priority - a.priority || b.id - a.id);
