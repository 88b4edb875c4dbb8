import { type BalancesChanged, type EventLog, newEventMetadata } from '@tollgate/ledger';
import { InProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import type { LedgerEvent } from '@tollgate/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerSync } from './ledger-sync.js';

/** The in-process notifier, counting who follows: a wait must let go of every user it followed. */
class CountingNotifier extends InProcessBalanceNotifier {
  following = 0;

  override followUser(...args: Parameters<InProcessBalanceNotifier['followUser']>) {
    const follow = super.followUser(...args);
    this.following += 1;
    return { ready: follow.ready, stop: () => ((this.following -= 1), follow.stop()) };
  }
}

function fakes() {
  const appended: LedgerEvent[] = [];
  const eventLog: EventLog = { append: async (events) => void appended.push(...events), subscribe: vi.fn(), close: vi.fn() };
  const notifier = new CountingNotifier();
  const applied = (userId: number, ...ids: string[]): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEvents: ids.map((eventId) => ({ eventId, userId })) });
  return { eventLog, notifier, appended, applied };
}

const grant = (userId = 1): LedgerEvent => ({ type: 'QuotaGranted', data: { userId, username: 'a', amount: 1, logType: 4, content: '' }, metadata: newEventMetadata() });

describe('createLedgerSync', () => {
  afterEach(() => vi.useRealTimers());

  it("resolves once every event id was applied, across several notices and users, and hears no other user's", async () => {
    const f = fakes();
    const [a, b] = [grant(1), grant(2)];
    const waiting = createLedgerSync(f.eventLog, f.notifier).publishAndWait([a, b]);
    let settled = false;
    waiting.then(() => (settled = true), () => undefined);
    await vi.waitFor(() => expect(f.appended).toEqual([a, b]));
    expect(f.notifier.following).toBe(2);
    await f.notifier.publish(f.applied(1, 'other', a.metadata.eventId));
    await f.notifier.publish(f.applied(3, b.metadata.eventId)); // told to another user's followers: not heard
    await Promise.resolve();
    expect(settled).toBe(false);
    await f.notifier.publish(f.applied(2, b.metadata.eventId));
    await expect(waiting).resolves.toEqual({ applied: true });
    expect(f.notifier.following).toBe(0);
  });

  it('still resolves after the timeout when the ledger is slow', async () => {
    vi.useFakeTimers();
    const f = fakes();
    const waiting = createLedgerSync(f.eventLog, f.notifier).publishAndWait([grant()], 3000);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(waiting).resolves.toEqual({ applied: false });
    expect(f.notifier.following).toBe(0);
  });

  it('returns at once for no events, and stops listening when the append fails', async () => {
    const f = fakes();
    const sync = createLedgerSync(f.eventLog, f.notifier);
    await expect(sync.publishAndWait([])).resolves.toEqual({ applied: true });
    f.eventLog.append = async () => {
      throw new Error('broker down');
    };
    await expect(sync.publishAndWait([grant()])).rejects.toThrow('broker down');
    expect(f.notifier.following).toBe(0);
  });
});
