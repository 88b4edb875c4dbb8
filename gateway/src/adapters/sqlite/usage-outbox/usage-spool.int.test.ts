import { mkdtempSync, rmSync } from 'node:fs';
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
