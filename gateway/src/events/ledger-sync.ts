import { appliedEventOf, type BalanceNotifier, type EventLog, type UserFollowing } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';

export const DEFAULT_SYNC_TIMEOUT_MS = 3000;

export interface LedgerSync {
  /**
   * Appends the events and waits until the ledger reports them applied, so a console edit reads
   * its own write. Resolves `{ applied: false }` after `timeoutMs` instead of failing: the events
   * are durable and will be applied.
   */
  publishAndWait(events: LedgerEvent[], timeoutMs?: number): Promise<{ applied: boolean }>;
}

/**
 * Follows the users of `events` (their notices carry their applied event ids) until every id has
 * been reported applied, or until `timeoutMs`. `ready` once no notice can be missed.
 */
function followApplied(notifier: BalanceNotifier, events: LedgerEvent[], timeoutMs: number) {
  const ids = new Set(events.map((event) => event.metadata.eventId));
  const users = new Set(events.map((event) => appliedEventOf(event).userId));
  // Each declared before `finish`, which reads them; the timer only calls it once it is set below.
  let finish: (applied: boolean) => void = () => undefined;
  const following: UserFollowing[] = [];
  const timer = setTimeout(() => finish(false), timeoutMs);
  const done = new Promise<{ applied: boolean }>((resolve) => {
    finish = (applied) => {
      clearTimeout(timer);
      for (const follow of following) follow.stop();
      resolve({ applied });
    };
  });
  for (const userId of users) {
    following.push(
      notifier.followUser(userId, (notice) => {
        for (const id of notice.appliedEventIds) ids.delete(id);
        if (ids.size === 0) finish(true);
      }),
    );
  }
  return { ready: Promise.all(following.map((follow) => follow.ready)), done, cancel: () => finish(false) };
}

export function createLedgerSync(eventLog: EventLog, notifier: BalanceNotifier): LedgerSync {
  return {
    async publishAndWait(events, timeoutMs = DEFAULT_SYNC_TIMEOUT_MS) {
      if (events.length === 0) return { applied: true };
      // Followed before appending: the ledger may apply the events before append() returns.
      const waiting = followApplied(notifier, events, timeoutMs);
      try {
        // A follow that could not subscribe (Redis away) only means the wait ends at its timeout.
        await waiting.ready.catch(() => undefined);
        await eventLog.append(events);
      } catch (error) {
        waiting.cancel();
        throw error;
      }
      return waiting.done;
    },
  };
}
