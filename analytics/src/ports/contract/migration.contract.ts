import { expect, it } from 'vitest';
import { z } from 'zod';
import { migrate, rollback } from '../../migrations/migrator.js';
import type { AnalyticsQuerier } from '../analytics-querier.js';
import type { ContractContext } from './contract-context.js';

async function tableExists(querier: AnalyticsQuerier, table: string): Promise<boolean> {
  const rows = await querier.query({
    sql: 'SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = {table:String}',
    params: { table },
    schema: z.object({ n: z.coerce.number() }),
  });
  return (rows[0]?.n ?? 0) > 0;
}

export function migrationContract(context: ContractContext): void {
  it('applies each migration once and records it', async () => {
    const querier = context.querier();
    expect(await migrate(querier)).toEqual([]);
    const recorded = await querier.query({
      sql: 'SELECT version, name FROM schema_migrations FINAL ORDER BY version',
      schema: z.object({ version: z.coerce.number(), name: z.string() }),
    });
    expect(recorded).toEqual([
      { version: 1, name: 'logs' },
      { version: 2, name: 'usage_per_minute' },
      { version: 3, name: 'logs_deleted_before' },
      { version: 4, name: 'usage_per_hour' },
      { version: 5, name: 'statement_lines' },
      { version: 6, name: 'ledger_movements' },
      { version: 7, name: 'ledger_log_order' },
      { version: 8, name: 'subscription_use_per_minute' },
    ]);
    expect(await tableExists(querier, 'logs')).toBe(true);
    expect(await tableExists(querier, 'usage_per_minute')).toBe(true);
    expect(await tableExists(querier, 'ledger_log_order')).toBe(true);
  });

  it('rolls back with the down files and migrates again', async () => {
    const querier = context.querier();
    expect(await rollback(querier)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await tableExists(querier, 'logs')).toBe(false);
    expect(await tableExists(querier, 'usage_per_minute')).toBe(false);
    expect(await tableExists(querier, 'ledger_log_order')).toBe(false);
    expect(await migrate(querier)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await tableExists(querier, 'logs')).toBe(true);
  });
}
