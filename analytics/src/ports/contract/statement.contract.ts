import { expect, it } from 'vitest';
import { z } from 'zod';
import { exportDailyUsage } from '../../queries/rollups/export-daily-usage.js';
import { type StatementLine, statementParquet } from '../../queries/statement-lines.js';
import type { ContractContext } from './contract-context.js';
import { ingest } from './contract-context.js';
import { seedEvents, t0 } from './seed-logs.js';

const line = (n: number): StatementLine => ({
  user_id: 1, username: 'alice', line: n === 0 ? 'opening' : 'admin', time: '2024-06-01 00:00:00', event_id: `e${n}`,
  actor_id: n === 0 ? null : 7, model_name: '', requests: 0, quota: n * 10, usd: n / 10, money: n * 0.73, currency: 'CNY', content: `line ${n}`,
  credits: 0, debits: 0, difference: 0,
});

async function drain(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

export function statementContract(context: ContractContext): void {
  it('exportDailyUsage keeps to one user when asked', async () => {
    await ingest(context.querier(), seedEvents().events);
    const pages = exportDailyUsage(context.querier())({ startTimestamp: t0, endTimestamp: t0 + 600, userId: 2 });
    const rows = [];
    for await (const page of pages) rows.push(...page);
    expect(rows.map((row) => [row.user_id, row.model_name, row.quota])).toEqual([[2, 'gpt-4o-mini', 40]]);
  });

  it('statementParquet has the engine write the lines, in order, as Parquet, and keeps none of them', async () => {
    async function* pages() {
      yield [line(0), line(1)];
      yield [line(2)];
    }
    const bytes = await drain(statementParquet(context.querier())(pages()));
    expect(bytes.subarray(0, 4).toString()).toBe('PAR1');
    expect(bytes.subarray(-4).toString()).toBe('PAR1');
    const left = await context.querier().query({ sql: 'SELECT count() AS n FROM statement_lines', schema: z.object({ n: z.coerce.number() }) });
    expect(left).toEqual([{ n: 0 }]);
  });
}
