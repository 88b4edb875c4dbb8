import type { LedgerEvent } from '@tollgate/wire';
import { logRowOf, selfRow } from '../logs/visible-row.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/** The name of a channel by id, from the relay's routing table ('' for none or a gone one). */
export type ChannelNameOf = (channelId: number) => string;

/**
 * Rows one gateway pushes to the admins' live tails a second. Past it a row is counted instead,
 * and the count said (`log_dropped`) with the next second's first row: under load an open tail
 * costs each gateway a bounded number of pushes, not one per call.
 */
export const TAIL_ROWS_PER_SECOND = 50;

/**
 * Pushes the log row of each appended event as the console's `log` event: the user's own view
 * to their consoles, the whole row to the admins' consoles that follow the log live (the
 * handshake's `tail=1`: the log page, the operations tail), with the channel's name as the HTTP list
 * joins it (logs/channel-names.ts), read from memory so no push waits on the document store. The
 * console decides whether its filters match. A row nobody would receive is not built: under load
 * with no console open, building them was about 1.6% of the relay's time (docs/benchmarks.md).
 */
export class LogRowPusher {
  private second = Number.NEGATIVE_INFINITY;
  private sentThisSecond = 0;
  private dropped = 0;

  constructor(
    private readonly fanout: LiveFanout,
    private readonly channelNameOf: ChannelNameOf,
    private readonly now: () => number = Date.now,
    private readonly rowsPerSecond = TAIL_ROWS_PER_SECOND,
  ) {}

  push(batch: readonly LedgerEvent[]): void {
    const tailHears = this.fanout.reachesAdminTail();
    for (const event of batch) {
      const userHears = this.fanout.reachesUser(event.data.userId);
      if (!userHears && !tailHears) continue;
      const row = logRowOf(event);
      if (!row) continue;
      if (userHears) this.fanout.toUser(row.user_id, 'log', selfRow(row));
      if (tailHears && this.withinBudget()) this.fanout.toAdminTail('log', { ...row, channel_name: row.channel > 0 ? this.channelNameOf(row.channel) : '' });
    }
  }

  private withinBudget(): boolean {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      if (this.dropped > 0) this.fanout.toAdminTail('log_dropped', { rows: this.dropped });
      this.second = second;
      this.sentThisSecond = 0;
      this.dropped = 0;
    }
    if (this.sentThisSecond < this.rowsPerSecond) {
      this.sentThisSecond++;
      return true;
    }
    this.dropped++;
    return false;
  }
}
