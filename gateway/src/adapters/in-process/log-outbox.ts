import type { EventLog } from '@tollgate/ledger';
import type { UsageOutbox } from '../../ports/usage-outbox.js';

/**
 * The embedded outbox: the event log is a table on this machine's disk, committed within each
 * append, so there is nothing to spool and it is never full. The log is closed by its owner.
 */
export function createLogOutbox(eventLog: Pick<EventLog, 'append'>): UsageOutbox {
  return { append: (events) => eventLog.append(events), start: () => {}, isFull: () => false, close: async () => {} };
}
