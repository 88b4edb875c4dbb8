import type { Database, Statement } from 'better-sqlite3';

/** Maps an entity's fields to its table's columns, with the encoding SQLite needs (booleans, lists). */
export interface ColumnMap<T> {
  table: string;
  columns: { [K in keyof T]-?: string };
  encode?: { [K in keyof T]?: (value: T[K]) => unknown };
}

export type Row = Record<string, unknown>;

/** The column/value pairs of the fields present in `patch`, encoded. */
export function toRow<T>(map: ColumnMap<T>, patch: Partial<T>): Row {
  const row: Row = {};
  for (const field of Object.keys(patch) as (keyof T)[]) {
    const value = patch[field];
    // Own columns only: a field named `constructor` must not find Object's.
    const column = Object.hasOwn(map.columns, field) ? map.columns[field] : undefined;
    if (value === undefined || column === undefined) continue;
    const encode = map.encode?.[field];
    row[column] = encode ? encode(value as T[keyof T]) : value;
  }
  return row;
}

/**
 * Builds and caches the INSERT and UPDATE statements for each set of columns, so repeated
 * writes of the same shape reuse one prepared statement.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {}

  insert(table: string, row: Row): number {
    const columns = Object.keys(row);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`;
    return Number(this.prepare(sql).run(row).lastInsertRowid);
  }

  /** Inserts `row` (with its `id`) unless that id is taken; false when it was. A taken unique key still throws. */
  insertUnlessIdTaken(table: string, row: Row): boolean {
    const columns = Object.keys(row);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')}) ON CONFLICT(id) DO NOTHING`;
    return this.prepare(sql).run(row).changes > 0;
  }

  update(table: string, id: number, row: Row): boolean {
    const columns = Object.keys(row);
    if (columns.length === 0) return this.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
    const sql = `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
    return this.prepare(sql).run({ ...row, id }).changes > 0;
  }

  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** `%text%` for LIKE with the wildcards in `text` escaped (used with ESCAPE '\\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
