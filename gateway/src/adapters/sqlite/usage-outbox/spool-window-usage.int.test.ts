import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSpoolWindowUsage } from './spool-window-usage.js';
import { usage } from './test-usage-events.js';
import { UsageSpool } from './usage-spool.js';

const NOW = 1_700_000_000_000;
const RUNNING = { key: 's1:w0:1700000000', endsAt: NOW + 3_600_000 };
const ENDED = { key: 's1:w0:1699900000', endsAt: NOW - 1 };

/** A usage event of `quota` a subscription paid, counted in `windows`. */
function paid(quota: number, ...windows: { key: string; endsAt: number }[]): LedgerEvent {
  const event = usage(quota);
  if (event.type === 'UsageRecorded') Object.assign(event.data, { subscriptionId: 1, subscriptionWindows: windows });
  return event;
}

function spoolPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-spool-windows-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'usage-spool.db');
}

const failOnSync = (error: unknown) => {
  throw error;
};

describe('the usage spool as the record of subscription windows (a Kafka gateway without Redis)', () => {
  it('counts the calls the spool forwarded, once each, in running windows only; a call still spooled is left to its hold', async () => {
    const path = spoolPath();
    const spool = UsageSpool.open(path, failOnSync, { recordWindows: true });
    await spool.append([paid(3, RUNNING), paid(4, RUNNING, ENDED), usage(100)]);
    await spool.append([paid(3, RUNNING)]); // the same call appended again (hold-3): counted once
    spool.remove(spool.head(4)?.through ?? 0); // forwarded to Kafka
    await spool.append([paid(5, RUNNING)]); // still owed at the restart
    await spool.close();

    const record = openSpoolWindowUsage(path, NOW);
    expect([record.counted(RUNNING.key), record.counted(ENDED.key), record.counted('s9:w0:1')]).toEqual([3 + 4, 0, 0]);
    record.close();
  });

  it('records nothing when Redis keeps the windows', async () => {
    const path = spoolPath();
    const spool = UsageSpool.open(path, failOnSync);
    await spool.append([paid(6, RUNNING)]);
    spool.remove(spool.head(1)?.through ?? 0);
    await spool.close();
    expect(openSpoolWindowUsage(path, NOW).counted(RUNNING.key)).toBe(0);
  });

  it('opens on a data directory with no spool yet', () => {
    expect(openSpoolWindowUsage(spoolPath(), NOW).counted(RUNNING.key)).toBe(0);
  });
});
