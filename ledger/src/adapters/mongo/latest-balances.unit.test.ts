import { describe, expect, it } from 'vitest';
import { LatestBalances } from './latest-balances.js';

describe('LatestBalances', () => {
  it('announces the newest read of a document, whichever batch read it', () => {
    const latest = new LatestBalances();
    latest.record('ledger_users:1', { quota: 70 });
    latest.record('ledger_users:1', { quota: 40 });
    expect(latest.newest('ledger_users:1', { quota: 70 })).toEqual({ quota: 40 });
    expect(latest.newest('ledger_users:2', { quota: 5 })).toEqual({ quota: 5 });
  });

  it('starts again empty at its limit, and then announces a batch’s own read', () => {
    const latest = new LatestBalances(2);
    latest.record('a', 1);
    latest.record('b', 2);
    latest.record('b', 3);
    expect(latest.newest('a', 0)).toBe(1);
    latest.record('c', 4);
    expect([latest.newest('a', 0), latest.newest('b', 0), latest.newest('c', 0)]).toEqual([0, 0, 4]);
  });
});
