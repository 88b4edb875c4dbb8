import type { LedgerEvent } from '@tollgate/ledger';
import { logRowOf, selfRow } from '../logs/visible-row.js';
import type { LiveFanout } from '../ports/live-fanout.js';

/**
 * Pushes the log row of each appended event as the console's `log` event: the user's own view
 * to their consoles, the whole row to the admins'. The console decides whether its filters match.
 */
export function pushLogRows(fanout: LiveFanout, batch: readonly LedgerEvent[]): void {
  for (const event of batch) {
    const row = logRowOf(event);
    if (!row) continue;
    fanout.toUser(row.user_id, 'log', selfRow(row));
    fanout.toAdmins('log', row);
  }
}
