import { mkdtempSync, rmSync } from 'node:fs';
import { openDatabase } from '@tollgate/ledger/sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it, onTestFinished } from 'vitest';
import { usage } from './test-usage-events.js';
import { UsageSpool } from './usage-spool.js';

const quotas = (events: LedgerEvent[] | undefined) => (events ?? []).map((e) => (e.type === 'UsageRecorded' ? e.data.quota : -1));

function spoolPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-spool-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'usage-spool.db');
}

const failOnSync = (error: unknown) => {
  throw error;
};

describe('UsageSpool', () => {
  it('gives back what was appended, oldest first, and forgets what was removed', async () => {
    const spool = UsageSpool.open(spoolPath(), failOnSync);
    await spool.append([usage(1), usage(2)]);
    await spool.append([usage(3)]);
    const head = spool.head(2);
    expect(quotas(head?.events)).toEqual([1, 2]);
    spool.remove(head?.through ?? 0);
    expect({ size: spool.size, next: quotas(spool.head(10)?.events) }).toEqual({ size: 1, next: [3] });
    spool.remove(spool.head(10)?.through ?? 0);
    expect(spool.head(10)).toBeNull();
    await spool.close();
  });

  it('keeps its events across a reopen, in order, with their owed holds', async () => {
    const path = spoolPath();
    const first = UsageSpool.open(path, failOnSync);
    await first.append([usage(5, 7, 70), usage(6, 8, 80)]);
    await first.close();
    const again = UsageSpool.open(path, failOnSync);
    expect({ size: again.size, events: quotas(again.head(10)?.events), owed: again.owedHolds() }).toEqual({
      size: 2,
      events: [5, 6],
      owed: [{ holdId: 'hold-5', userId: 7, tokenId: 70, amount: 5 }, { holdId: 'hold-6', userId: 8, tokenId: 80, amount: 6 }],
    });
    await again.close();
  });

  it("keeps a subscription-paid call's windows with its owed hold, so a restart takes it again from them (issue #41)", async () => {
    const path = spoolPath();
    const first = UsageSpool.open(path, failOnSync);
    const windows = [{ key: 's3:w0:1700000000', endsAt: 1_700_086_400_000 }, { key: 's3:w1:1700000000', endsAt: 1_700_604_800_000 }];
    const paid = usage(4, 7, 70);
    if (paid.type === 'UsageRecorded') Object.assign(paid.data, { subscriptionId: 3, subscriptionWindows: windows });
    await first.append([paid, usage(5, 7, 70)]);
    await first.close();
    const again = UsageSpool.open(path, failOnSync);
    expect(again.owedHolds()).toEqual([{ holdId: 'hold-4', userId: 7, tokenId: 70, amount: 4, windows }, { holdId: 'hold-5', userId: 7, tokenId: 70, amount: 5 }]);
    await again.close();
  });

  it('opens a spool left by a gateway from before the windows column: its calls stay owed to the wallet', async () => {
    const path = spoolPath();
    const old = openDatabase(path);
    old.exec('CREATE TABLE spooled_events (position INTEGER PRIMARY KEY AUTOINCREMENT, payload TEXT NOT NULL, hold_id TEXT, user_id INTEGER, token_id INTEGER, amount INTEGER)');
    old.prepare('INSERT INTO spooled_events (payload, hold_id, user_id, token_id, amount) VALUES (?, ?, ?, ?, ?)').run(JSON.stringify(usage(2)), 'hold-2', 1, 10, 2);
    old.close();
    const spool = UsageSpool.open(path, failOnSync);
    await spool.append([usage(3)]);
    expect({ events: quotas(spool.head(10)?.events), owed: spool.owedHolds() }).toEqual({
      events: [2, 3],
      owed: [{ holdId: 'hold-2', userId: 1, tokenId: 10, amount: 2 }, { holdId: 'hold-3', userId: 1, tokenId: 10, amount: 3 }],
    });
    await spool.close();
  });

  it('commits an append before it returns: a reader sees it before the fsync resolves', async () => {
    const path = spoolPath();
    const spool = UsageSpool.open(path, failOnSync);
    const durable = spool.append([usage(9)]);
    const reader = UsageSpool.open(path, failOnSync);
    expect(reader.size).toBe(1);
    await durable;
    await Promise.all([reader.close(), spool.close()]);
  });
});
