import { describe, expect, it } from 'vitest';
import { quotaGranted } from '../../testing/event-builders.js';
import { EventLogTables } from './event-log-tables.js';
import { openDatabase } from './open-database.js';

/** The table emptied behind the tables' back: what `readAfter` still returns came from the kept appends. */
function tablesOverMemory() {
  const db = openDatabase(':memory:');
  const tables = new EventLogTables(db);
  return { tables, emptyTheTable: () => db.exec('DELETE FROM ledger_events') };
}

describe('EventLogTables: the appends kept for consumers in this process', () => {
  it('given a consumer in this process: serves its appends from memory', () => {
    const { tables, emptyTheTable } = tablesOverMemory();
    tables.keepAppends(true);
    tables.insertAll([quotaGranted(), quotaGranted()]);
    emptyTheTable();
    expect(tables.readAfter(0, 10).map((stored) => stored.offset)).toEqual([1, 2]);
  });

  it('given no consumer in this process: keeps nothing, every read goes to the table', () => {
    const { tables, emptyTheTable } = tablesOverMemory();
    tables.insertAll([quotaGranted(), quotaGranted()]);
    emptyTheTable();
    expect(tables.readAfter(0, 10)).toEqual([]);
  });

  it('given the last consumer stopped: lets go of what it kept', () => {
    const { tables, emptyTheTable } = tablesOverMemory();
    tables.keepAppends(true);
    tables.insertAll([quotaGranted()]);
    tables.keepAppends(false);
    emptyTheTable();
    expect(tables.readAfter(0, 10)).toEqual([]);
  });
});
