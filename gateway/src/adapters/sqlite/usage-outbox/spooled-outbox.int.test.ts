import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventLog } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createInProcessHoldStore } from '../../in-process/hold-store.js';
import { SpooledOutbox, type SpooledOutboxOptions } from './spooled-outbox.js';
import { usage } from './test-usage-events.js';
import { UsageSpool } from './usage-spool.js';

/** Kafka as the outbox sees it: appends land, or (unreachable) fail after a while, or never answer. */
function brokerStandIn() {
  const received: LedgerEvent[] = [];
  let mode: 'up' | 'down' | 'hanging' = 'up';
  const log: Pick<EventLog, 'append'> = {
    append: async (events) => {
      if (mode === 'hanging') return new Promise<void>(() => {});
      await new Promise((r) => setTimeout(r, 5));
      if (mode === 'down') throw new Error('broker unreachable');
      received.push(...events);
    },
  };
  return { log, received, set: (next: typeof mode) => void (mode = next) };
}

const quotas = (events: LedgerEvent[]) => events.map((e) => (e.type === 'UsageRecorded' ? e.data.quota : -1));

function spoolPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-outbox-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'usage-spool.db');
}

function outbox(path: string, log: Pick<EventLog, 'append'>, extra: Partial<SpooledOutboxOptions> = {}): SpooledOutbox {
  const spool = UsageSpool.open(path, () => {});
  const box = new SpooledOutbox({ spool, log, holds: createInProcessHoldStore(), holdTtlMs: 60_000, maxEvents: 100, onError: () => {}, closeGraceMs: 200, ...extra });
  box.start();
  return box;
}

/** Beyond the outbox contract (usage-outbox.contract.int.test.ts): what a spool is for. */
describe('SpooledOutbox', () => {
  it('keeps what the log cannot take across a restart, and a new outbox drains it first', async () => {
    const broker = brokerStandIn();
    const path = spoolPath();
    broker.set('down');
    const first = outbox(path, broker.log);
    await first.append([usage(1), usage(2)]);
    await new Promise((r) => setTimeout(r, 30));
    await first.close();
    broker.set('up');
    const second = outbox(path, broker.log);
    await second.append([usage(3)]);
    await vi.waitFor(() => expect(quotas(broker.received)).toEqual([1, 2, 3]));
    await second.close();
  });

  it('forwards nothing before it is started: events from before a restart wait until the gateway follows the ledger', async () => {
    const broker = brokerStandIn();
    const path = spoolPath();
    const box = new SpooledOutbox({ spool: UsageSpool.open(path, () => {}), log: broker.log, holds: createInProcessHoldStore(), holdTtlMs: 60_000, maxEvents: 100, onError: () => {} });
    await box.append([usage(1)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(broker.received).toEqual([]);
    box.start();
    await vi.waitFor(() => expect(quotas(broker.received)).toEqual([1]));
    await box.close();
  });

  it('is full at its bound while the log is unreachable, and not once the log took the events', async () => {
    const broker = brokerStandIn();
    broker.set('down');
    const box = outbox(spoolPath(), broker.log, { maxEvents: 3 });
    await box.append([usage(1), usage(2)]);
    expect(box.isFull()).toBe(false);
    await box.append([usage(3)]);
    expect(box.isFull()).toBe(true);
    broker.set('up');
    await vi.waitFor(() => expect(box.isFull()).toBe(false), { timeout: 3_000 });
    await box.close();
  });

  it('closes within its grace while a forward hangs, leaving the events spooled', async () => {
    const broker = brokerStandIn();
    broker.set('hanging');
    const path = spoolPath();
    const box = outbox(path, broker.log);
    await box.append([usage(4)]);
    const started = Date.now();
    await box.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    const left = UsageSpool.open(path, () => {});
    expect(quotas(left.head(10)?.events ?? [])).toEqual([4]);
    await left.close();
  });

  it("keeps an owed hold past its TTL while the log is unreachable, and takes again one lost in a restart", async () => {
    const broker = brokerStandIn();
    broker.set('down');
    const holds = createInProcessHoldStore();
    await holds.seed([{ userId: 1, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], [{ tokenId: 10, userId: 1, remainQuota: 0, usedQuota: 0, unlimited: true }]);
    await holds.acquire({ holdId: 'hold-30', userId: 1, tokenId: 10, least: 30, most: 30, ttlMs: 60 });
    const path = spoolPath();
    const box = outbox(path, broker.log, { holds, holdTtlMs: 60 });
    await box.append([usage(30)]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await holds.available(1)).toBe(70);
    await box.close();

    const afterRestart = createInProcessHoldStore(); // the holds died with the hot state
    await afterRestart.seed([{ userId: 1, quota: 100, usedQuota: 0, requestCount: 0, affQuota: 0, affHistoryQuota: 0, affCount: 0 }], []);
    const again = outbox(path, broker.log, { holds: afterRestart, holdTtlMs: 60 });
    await vi.waitFor(async () => expect(await afterRestart.available(1)).toBe(70));
    await again.close();
  });
});
