import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BalancesChanged, newEventMetadata } from '@tollgate/ledger';
import { createInProcessBalanceNotifier } from '@tollgate/ledger/in-process';
import type { QuotaGranted } from '@tollgate/wire';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config.js';
import { openEventLog, openQuerier } from '../engines.js';
import { startWorkerThread } from './worker-thread.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-workers-thread-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const grant = (userId: number, amount: number): QuotaGranted => ({
  type: 'QuotaGranted',
  data: { userId, username: `user-${userId}`, amount, logType: 4, content: 'grant' },
  metadata: newEventMetadata(),
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the embedded workers thread', () => {
  it('applies and ingests what this thread appends, hands the ledger notices back, and stops when asked', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ANALYTICS_BATCH_MS: '100', LOG_LEVEL: 'silent' });
    // The relay's side, as wire-gateway opens it: its own connection to the log, the querier migrated first.
    const eventLog = openEventLog(config, dataDir);
    const querier = await openQuerier(config, dataDir);
    const notifier = createInProcessBalanceNotifier();
    const heard: BalancesChanged[] = [];
    notifier.subscribe((changes) => heard.push(changes));
    const workers = await startWorkerThread({ config, dataDir, ledger: true, ingestionGroup: 'analytics', notifier, log: pino({ level: 'silent' }) });

    const first = grant(7, 1234);
    await eventLog.append([first]);
    await until(() => heard.some((changes) => changes.appliedEventIds.includes(first.metadata.eventId)));
    expect(heard.flatMap((changes) => changes.users)).toContainEqual(expect.objectContaining({ userId: 7, quota: 1234 }));
    // The thread's ingestion wrote to the chdb engine this thread's console queries read.
    const logged = () => querier.query({ sql: 'SELECT count() AS rows FROM logs WHERE user_id = 7', schema: z.object({ rows: z.coerce.number() }) });
    await until(async () => (await logged())[0]?.rows === 1);

    await workers.stop();
    const afterStop = grant(8, 10);
    await eventLog.append([afterStop]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Nothing on this thread consumes the log: once the thread is gone, nothing applies it.
    expect(heard.some((changes) => changes.appliedEventIds.includes(afterStop.metadata.eventId))).toBe(false);
    await eventLog.close();
    await querier.close();
  });
});
