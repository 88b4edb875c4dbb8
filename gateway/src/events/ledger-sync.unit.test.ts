import { type BalanceNotifier, type BalancesChanged, type BalancesListener, type EventLog, newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerSync } from './ledger-sync.js';

function fakes() {
  const listeners = new Set<BalancesListener>();
  const appended: LedgerEvent[] = [];
  const eventLog: EventLog = { append: async (events) => void appended.push(...events), subscribe: vi.fn(), close: vi.fn() };
  const notifier: BalanceNotifier = {
    publish: async (changes) => listeners.forEach((listener) => listener(changes)),
    subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    close: vi.fn(),
  };
  const applied = (...ids: string[]): BalancesChanged => ({ users: [], tokens: [], channels: [], settledHolds: [], appliedEventIds: ids });
  return { eventLog, notifier, appended, listeners, applied };
}

const grant = (): LedgerEvent => ({ type: 'QuotaGranted', data: { userId: 1, username: 'a', amount: 1, logType: 4, content: '' }, metadata: newEventMetadata() });

describe('createLedgerSync', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves once every event id was applied, across several notices', async () => {
    const f = fakes();
    const [a, b] = [grant(), grant()];
    const waiting = createLedgerSync(f.eventLog, f.notifier).publishAndWait([a, b]);
    let settled = false;
    waiting.then(() => (settled = true), () => undefined);
    await Promise.resolve();
    expect(f.appended).toEqual([a, b]);
    await f.notifier.publish(f.applied('other', a.metadata.eventId));
    await Promise.resolve();
    expect(settled).toBe(false);
    await f.notifier.publish(f.applied(b.metadata.eventId));
    await expect(waiting).resolves.toEqual({ applied: true });
    expect(f.listeners.size).toBe(0);
  });

  it('still resolves after the timeout when the ledger is slow', async () => {
    vi.useFakeTimers();
    const f = fakes();
    const waiting = createLedgerSync(f.eventLog, f.notifier).publishAndWait([grant()], 3000);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(waiting).resolves.toEqual({ applied: false });
    expect(f.listeners.size).toBe(0);
  });

  it('returns at once for no events, and stops listening when the append fails', async () => {
    const f = fakes();
    const sync = createLedgerSync(f.eventLog, f.notifier);
    await expect(sync.publishAndWait([])).resolves.toEqual({ applied: true });
    f.eventLog.append = async () => {
      throw new Error('broker down');
    };
    await expect(sync.publishAndWait([grant()])).rejects.toThrow('broker down');
    expect(f.listeners.size).toBe(0);
  });
});
