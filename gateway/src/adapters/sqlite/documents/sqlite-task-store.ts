import type { Database } from 'better-sqlite3';
import { FinalTaskStatuses, platformsOf, type Task, type TaskFilter, type TaskStore } from '../../../ports/documents/task-store.js';
import { addMissingColumns } from '../schema.js';
import { type ColumnMap, StatementCache, toRow } from './columns.js';

// Kept beside its adapter: the table belongs to the task store alone.
const DDL = `
CREATE TABLE IF NOT EXISTS tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  platform TEXT NOT NULL,
  task_id TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  channel_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  code INTEGER NOT NULL,
  status TEXT NOT NULL,
  progress TEXT NOT NULL,
  prompt TEXT NOT NULL,
  prompt_en TEXT NOT NULL,
  description TEXT NOT NULL,
  image_url TEXT NOT NULL,
  fail_reason TEXT NOT NULL,
  quota INTEGER NOT NULL,
  data TEXT NOT NULL,
  submit_time INTEGER NOT NULL,
  start_time INTEGER NOT NULL,
  finish_time INTEGER NOT NULL,
  key_index INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tasks_upstream ON tasks (platform, task_id);
CREATE INDEX IF NOT EXISTS tasks_user ON tasks (platform, user_id, id);
CREATE INDEX IF NOT EXISTS tasks_status ON tasks (status, id);
`;

const taskColumns: ColumnMap<Omit<Task, 'id'>> = {
  table: 'tasks',
  columns: {
    platform: 'platform', taskId: 'task_id', userId: 'user_id', tokenId: 'token_id', channelId: 'channel_id', action: 'action',
    code: 'code', status: 'status', progress: 'progress', prompt: 'prompt', promptEn: 'prompt_en', description: 'description',
    imageUrl: 'image_url', failReason: 'fail_reason', quota: 'quota', data: 'data', submitTime: 'submit_time', startTime: 'start_time', finishTime: 'finish_time', keyIndex: 'key_index',
  },
};

type TaskRow = Record<string, unknown> & { id: number };

function fromRow(row: TaskRow): Task {
  const task: Record<string, unknown> = { id: row.id };
  for (const [field, column] of Object.entries(taskColumns.columns)) task[field] = row[column];
  return task as unknown as Task;
}

const platformIn = (platforms: readonly unknown[]) => `platform IN (${platforms.map(() => '?').join(', ')})`;

/** The WHERE clause and its parameters for a list filter. */
function whereOf(filter: TaskFilter): { sql: string; params: unknown[] } {
  const platforms = platformsOf(filter.platform);
  const clauses = [platformIn(platforms)];
  const params: unknown[] = [...platforms];
  const add = (clause: string, value: unknown) => {
    if (value === undefined) return;
    clauses.push(clause);
    params.push(value);
  };
  add('user_id = ?', filter.userId);
  add('channel_id = ?', filter.channelId);
  add('task_id = ?', filter.taskId);
  add('submit_time >= ?', filter.submittedFrom);
  add('submit_time <= ?', filter.submittedTo);
  return { sql: clauses.join(' AND '), params };
}

/** Tasks in SQLite; a status move is one conditional UPDATE, so only one poller can make it. */
export function createSqliteTaskStore(db: Database): TaskStore {
  db.exec(DDL);
  addMissingColumns(db, [{ table: 'tasks', column: 'key_index', definition: 'INTEGER NOT NULL DEFAULT 0' }]);
  const cache = new StatementCache(db);
  const byId = (id: number) => fromRow(cache.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as TaskRow);
  const final = FinalTaskStatuses.map(() => '?').join(', ');
  return {
    async create(task) {
      return byId(cache.insert('tasks', toRow(taskColumns, task)));
    },
    async byTaskId(platform, taskId) {
      const platforms = platformsOf(platform);
      const row = cache.prepare(`SELECT * FROM tasks WHERE ${platformIn(platforms)} AND task_id = ? ORDER BY id LIMIT 1`).get(...platforms, taskId) as TaskRow | undefined;
      return row ? fromRow(row) : null;
    },
    async byTaskIds(platform, taskIds, userId) {
      if (taskIds.length === 0) return [];
      const owner = userId === undefined ? '' : ' AND user_id = ?';
      const platforms = platformsOf(platform);
      const sql = `SELECT * FROM tasks WHERE ${platformIn(platforms)} AND task_id IN (${taskIds.map(() => '?').join(', ')})${owner} ORDER BY id`;
      const rows = db.prepare(sql).all(...platforms, ...taskIds, ...(userId === undefined ? [] : [userId])) as TaskRow[];
      return rows.map(fromRow);
    },
    async advance(id, from, progress) {
      const row = toRow(taskColumns, progress);
      const sets = Object.keys(row).map((column) => `${column} = @${column}`);
      if (sets.length === 0) return null;
      const sql = `UPDATE tasks SET ${sets.join(', ')} WHERE id = @id AND status = @from`;
      return cache.prepare(sql).run({ ...row, id, from }).changes === 1 ? byId(id) : null;
    },
    async unfinished(limit) {
      const rows = cache.prepare(`SELECT * FROM tasks WHERE status NOT IN (${final}) ORDER BY id LIMIT ?`).all(...FinalTaskStatuses, limit) as TaskRow[];
      return rows.map(fromRow);
    },
    async list(filter, { offset, limit }) {
      const where = whereOf(filter);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM tasks WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
      const rows = db.prepare(`SELECT * FROM tasks WHERE ${where.sql} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...where.params, limit, offset) as TaskRow[];
      return { items: rows.map(fromRow), total };
    },
  };
}
