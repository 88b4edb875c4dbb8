import type { LedgerEvent } from '@tollgate/wire';
import { logRowOf, selfRow } from '../logs/visible-row.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The name of a channel by id, from the relay's routing table ('' for none or a gone one). */
export type ChannelNameOf = (channelId: number) => string;

/**
 * Pushes the log row of each appended event as the console's `log` event: the user's own view
 * to their consoles, the whole row to the admins', with the channel's name as the HTTP list
 * joins it (logs/channel-names.ts), read from memory so no push waits on the document store. The console decides whether its filters match.
 * A row nobody would receive is not built: under load with no console open, building them was
 * about 1.6% of the relay's time (docs/benchmarks.md).
 */
export function pushLogRows(fanout: LiveFanout, batch: readonly LedgerEvent[], channelNameOf: ChannelNameOf): void {
  const adminsHear = fanout.reachesAdmins();
  for (const event of batch) {
    const userHears = fanout.reachesUser(event.data.userId);
    if (!userHears && !adminsHear) continue;
    const row = logRowOf(event);
    if (!row) continue;
    if (userHears) fanout.toUser(row.user_id, 'log', selfRow(row));
    if (adminsHear) fanout.toAdmins('log', { ...row, channel_name: row.channel > 0 ? channelNameOf(row.channel) : '' });
  }
}
