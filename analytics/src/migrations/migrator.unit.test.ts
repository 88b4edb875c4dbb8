import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { splitStatements, type Migration } from './migration-files.js';
import { migrate, rollback } from './migrator.js';

const migrations: Migration[] = [
  { version: 1, name: 'one', up: ['CREATE TABLE a'], down: ['DROP TABLE a'] },
  { version: 2, name: 'two', up: ['CREATE TABLE b', 'ALTER TABLE b'], down: ['DROP TABLE b'] },
];

function querierWithApplied(versions: number[]) {
  return new CapturingQuerier(({ sql }) => (sql.includes('schema_migrations') ? versions.map((version) => ({ version })) : []));
}

describe('splitStatements', () => {
  it('splits on statement-ending semicolons and drops comment lines', () => {
    const sql = '-- header; not a statement\nCREATE TABLE a\n(x String);\n\n-- note\nDROP TABLE b;\n';
    expect(splitStatements(sql)).toEqual(['CREATE TABLE a\n(x String)', 'DROP TABLE b']);
  });
});

describe('migrate', () => {
  it('applies only the pending migrations, in order, recording each', async () => {
    const querier = querierWithApplied([1]);
    expect(await migrate(querier, migrations)).toEqual([2]);
    expect(querier.commands.map((command) => command.sql).slice(1)).toEqual(['CREATE TABLE b', 'ALTER TABLE b']);
    expect(querier.inserts).toEqual([{ table: 'schema_migrations', rows: [{ version: 2, name: 'two' }] }]);
  });
});

describe('rollback', () => {
  it('undoes newer applied migrations newest first and forgets them', async () => {
    const querier = querierWithApplied([1, 2]);
    expect(await rollback(querier, 0, migrations)).toEqual([2, 1]);
    expect(querier.commands.slice(1).map((command) => command.sql)).toEqual([
      'DROP TABLE b',
      'DELETE FROM schema_migrations WHERE version = {version:UInt32}',
      'DROP TABLE a',
      'DELETE FROM schema_migrations WHERE version = {version:UInt32}',
    ]);
  });

  it('stops at the target version', async () => {
    expect(await rollback(querierWithApplied([1, 2]), 1, migrations)).toEqual([2]);
  });
});
