import { expect, it } from 'vitest';
import { z } from 'zod';
import { encodeRows } from '../../ingest/encode-rows.js';
import type { ContractContext } from './contract-context.js';

/** The wire details both engines must agree on, checked without coercion. */
export function querierContract(context: ContractContext): void {
  it('returns 64-bit integers as JSON numbers and DateTime values as epoch seconds', async () => {
    const rows = await context.querier().query({
      sql: "SELECT toInt64(-5) AS signed, toUInt64(7) AS unsigned, toDateTime(1700000000, 'UTC') AS at",
      // JSON quotes a unix_timestamp DateTime on both engines, hence the coercion for `at` only.
      schema: z.object({ signed: z.number(), unsigned: z.number(), at: z.coerce.number() }),
    });
    expect(rows).toEqual([{ signed: -5, unsigned: 7, at: 1700000000 }]);
  });

  it('binds parameters as values, never as SQL', async () => {
    const hostile = "x'; DROP TABLE logs; --";
    const rows = await context.querier().query({
      sql: 'SELECT {text:String} AS text, {n:UInt32} + 1 AS next',
      params: { text: hostile, n: 41 },
      schema: z.object({ text: z.string(), next: z.number() }),
    });
    expect(rows).toEqual([{ text: hostile, next: 42 }]);
  });

  it('rejects a row that does not match the schema', async () => {
    const query = context.querier().query({ sql: 'SELECT 1 AS n', schema: z.object({ n: z.string() }) });
    await expect(query).rejects.toThrow();
  });

  it('inserts rows of differing keys in one insert, a column a row omits taking its default', async () => {
    const querier = context.querier();
    await querier.command("CREATE TABLE IF NOT EXISTS insert_defaults (n UInt8, label String DEFAULT 'none') ENGINE = MergeTree ORDER BY n");
    try {
      await querier.insert('insert_defaults', [{ n: 1 }, { n: 2, label: 'two' }]);
      const rows = await querier.query({ sql: 'SELECT n, label FROM insert_defaults ORDER BY n', schema: z.object({ n: z.number(), label: z.string() }) });
      expect(rows).toEqual([{ n: 1, label: 'none' }, { n: 2, label: 'two' }]);
    } finally {
      await querier.command('DROP TABLE IF EXISTS insert_defaults');
    }
  });

  it('inserts a ready body (encodeRows) as it inserts the rows themselves, text with quotes and newlines intact', async () => {
    const querier = context.querier();
    await querier.command("CREATE TABLE IF NOT EXISTS insert_encoded (n UInt8, label String DEFAULT 'none', big UInt64 DEFAULT 0) ENGINE = MergeTree ORDER BY n");
    try {
      await querier.insertEncoded('insert_encoded', encodeRows([{ n: 1 }, { n: 2, label: 'two "quoted"\nlines', big: '9223372036854775808' }]));
      await querier.insertEncoded('insert_encoded', encodeRows([]));
      const rows = await querier.query({ sql: 'SELECT n, label, toString(big) AS big FROM insert_encoded ORDER BY n', schema: z.object({ n: z.number(), label: z.string(), big: z.string() }) });
      expect(rows).toEqual([
        { n: 1, label: 'none', big: '0' },
        { n: 2, label: 'two "quoted"\nlines', big: '9223372036854775808' },
      ]);
    } finally {
      await querier.command('DROP TABLE IF EXISTS insert_encoded');
    }
  });
}
