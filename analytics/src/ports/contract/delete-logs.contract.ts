import { expect, it } from 'vitest';
import { z } from 'zod';
import { deleteLogsBefore } from '../../queries/logs/delete-logs.js';
import { logStats } from '../../queries/logs/log-stats.js';
import { quotaData } from '../../queries/rollups/quota-data.js';
import { usageRecorded } from '../../testing/ledger-event-fixtures.js';
import { listLogs } from '../../queries/logs/list-logs.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { newestFirst, seedEvents, t0 } from './seed-logs.js';

const day = 86_400;

export function deleteLogsContract(context: ContractContext): void {
  it('deletes rows created strictly before the timestamp and says how many', async () => {
    const seeded = seedEvents();
    const ingested = await ingest(context.querier(), seeded.events);
    // Duplicates on disk must not inflate the count.
    await ingested.redeliver();
    const deleteBefore = deleteLogsBefore(context.querier());
    expect(await deleteBefore(t0 + 120)).toBe(2);
    const page = await listLogs(context.querier())({ limit: 100 });
    expect(page.items.map((item) => item.id)).toEqual(
      newestFirst(seeded.bobDefault, seeded.aliceAdjusted, seeded.bobSystem, seeded.aliceTopUp),
    );
    expect(await deleteBefore(t0 + 120)).toBe(0);
  });

  it('drops whole months and the rest before the cutoff; the stat follows the list, the dashboard keeps its history', async () => {
    const querier = context.querier();
    const seeded = seedEvents();
    const lastMonth = usageRecorded({ quota: 7 }, (t0 - 10 * day) * 1000);
    await ingest(querier, [lastMonth, ...seeded.events]);
    // May's row, and alice's two June requests (t0, t0 + 60).
    expect(await deleteLogsBefore(querier)(t0 + 90)).toBe(3);
    const months = await querier.query({
      sql: "SELECT DISTINCT partition_id FROM system.parts WHERE database = currentDatabase() AND table = 'logs' AND active ORDER BY partition_id",
      schema: z.object({ partition_id: z.string() }),
    });
    expect(months).toEqual([{ partition_id: '202406' }]);
    const now = () => (t0 + 600) * 1000;
    expect((await logStats(querier, now)({})).quota).toBe(40);
    expect((await logStats(querier, now)({ startTimestamp: t0 - 20 * day })).quota).toBe(40);
    const history = await quotaData(querier)({ startTimestamp: t0 - 20 * day, endTimestamp: t0 + 600, granularity: 'day' });
    expect(history.reduce((sum, row) => sum + row.quota, 0)).toBe(7 + 75 + 300 + 40);
  });
}
