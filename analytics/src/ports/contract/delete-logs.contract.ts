import { expect, it } from 'vitest';
import { deleteLogsBefore } from '../../queries/delete-logs.js';
import { listLogs } from '../../queries/list-logs.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { newestFirst, seedEvents, t0 } from './seed-logs.js';

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
}
