import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LedgerEvent } from '@tollgate/wire';
import { createSqliteEventLog } from '@tollgate/ledger/sqlite';
import { onTestFinished } from 'vitest';
import { runUsageOutboxContract } from '../../../ports/usage-outbox.contract.js';
import { createInProcessHoldStore } from '../../in-process/hold-store.js';
import { createLogOutbox } from '../../in-process/log-outbox.js';
import { SpooledOutbox } from './spooled-outbox.js';
import { usage } from './test-usage-events.js';
import { UsageSpool } from './usage-spool.js';

let quota = 0;
const events = (n: number) => Array.from({ length: n }, () => usage(++quota));

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-outbox-contract-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The real embedded event log on a file, read back whole. */
function sqliteLog() {
  const log = createSqliteEventLog({ path: join(freshDir(), 'ledger.db') });
  onTestFinished(() => log.close());
  const delivered = async () => {
    const read: LedgerEvent[] = [];
    for await (const stored of log.readAll()) read.push(stored.event);
    return read;
  };
  return { log, delivered };
}

runUsageOutboxContract('the embedded event log', async () => {
  const { log, delivered } = sqliteLog();
  return { outbox: createLogOutbox(log), delivered };
}, events);

// The spool drains into an event log; the SQLite one stands in for Kafka here (the cluster test runs Kafka).
runUsageOutboxContract('the spool', async () => {
  const { log, delivered } = sqliteLog();
  const spool = UsageSpool.open(join(freshDir(), 'usage-spool.db'), () => {});
  return { outbox: new SpooledOutbox({ spool, log, holds: createInProcessHoldStore(), holdTtlMs: 60_000, maxEvents: 100, onError: () => {} }), delivered };
}, events);
