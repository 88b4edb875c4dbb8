import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, onTestFinished } from 'vitest';
import { createSqliteDocuments } from './index.js';

it('adds the invite counters to a users table created before them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-schema-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'documents.db');
  const old = new Database(path);
  old.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
    display_name TEXT NOT NULL DEFAULT '', role INTEGER NOT NULL DEFAULT 1, status INTEGER NOT NULL DEFAULT 1, email TEXT NOT NULL DEFAULT '',
    user_group TEXT NOT NULL DEFAULT 'default', aff_code TEXT NOT NULL DEFAULT '', inviter_id INTEGER NOT NULL DEFAULT 0,
    access_token TEXT NOT NULL DEFAULT '', github_id TEXT NOT NULL DEFAULT '', wechat_id TEXT NOT NULL DEFAULT '',
    telegram_id TEXT NOT NULL DEFAULT '', linux_do_id TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL, deleted_at INTEGER)`);
  old.prepare("INSERT INTO users (username, password_hash, created_at) VALUES ('old', 'h', 1)").run();
  old.close();
  const documents = createSqliteDocuments({ path });
  onTestFinished(() => documents.close());
  const user = await documents.users.byUsername('old');
  expect(user).toMatchObject({ affCount: 0, affQuota: 0, affHistoryQuota: 0 });
  await documents.users.update(user?.id ?? 0, { affCount: 1, affQuota: 7 });
  expect(await documents.users.byUsername('old')).toMatchObject({ affCount: 1, affQuota: 7 });
});

it('adds expired_time to a redemptions table created before it: old codes never expire, and redeem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-schema-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'documents.db');
  const old = new Database(path);
  old.exec(`CREATE TABLE redemptions (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, redemption_key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, status INTEGER NOT NULL DEFAULT 1, quota INTEGER NOT NULL, created_time INTEGER NOT NULL,
    redeemed_time INTEGER NOT NULL DEFAULT 0, used_user_id INTEGER NOT NULL DEFAULT 0)`);
  old.prepare("INSERT INTO redemptions (user_id, redemption_key, name, quota, created_time) VALUES (1, 'k', 'old', 5, 1)").run();
  old.close();
  const documents = createSqliteDocuments({ path });
  onTestFinished(() => documents.close());
  expect(await documents.redemptions.byKey('k')).toMatchObject({ expiredTime: 0 });
  expect(await documents.redemptions.redeem('k', 2, 2_000_000_000)).toMatchObject({ usedUserId: 2 });
});
