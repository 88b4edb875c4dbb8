import { describe, expect, it } from 'vitest';
import { importArgsSchema } from '../import-command.js';
import { sourceChannel, sourceToken, sourceUser } from './new-api-rows.js';

describe('new-api rows', () => {
  it("reads an older one-api user, whose columns stop before aff_history and linux_do_id, with GORM's zero values", () => {
    const user = sourceUser.parse({ id: 3, username: 'old', password: '$2a$10$x', display_name: null, role: 1, status: 1, quota: 500, deleted_at: null });
    expect(user).toMatchObject({ id: 3, display_name: '', aff_history: 0, linux_do_id: '', used_quota: 0, deleted_at: null, group: '' });
  });

  it('reads a soft-deleted row as its deletion time in seconds', () => {
    expect(sourceUser.parse({ id: 1, deleted_at: '2025-01-02 03:04:05.000+00:00' }).deleted_at).toBe(Date.UTC(2025, 0, 2, 3, 4, 5) / 1000);
  });

  it("reads GORM's booleans as SQLite (0/1), MySQL and PostgreSQL write them", () => {
    for (const [stored, read] of [[1, true], [0, false], ['1', true], [true, true], [false, false], [null, false]] as const) {
      expect(sourceToken.parse({ id: 1, unlimited_quota: stored }).unlimited_quota).toBe(read);
    }
  });

  it('gives a channel without auto_ban (NULL) the new-api default, on', () => {
    expect(sourceChannel.parse({ id: 1, auto_ban: null }).auto_ban).toBe(1);
    expect(sourceChannel.parse({ id: 1, auto_ban: 0 }).auto_ban).toBe(0);
  });

  it('reads the values MySQL and PostgreSQL drivers give: bigint and decimal strings, dates, space-padded char keys', () => {
    const token = sourceToken.parse({ id: '5', remain_quota: '3000000', used_quota: 100000n, key: 'short-key   ', deleted_at: new Date(Date.UTC(2025, 0, 1)) });
    expect(token).toMatchObject({ id: 5, remain_quota: 3_000_000, used_quota: 100_000, key: 'short-key', deleted_at: Date.UTC(2025, 0, 1) / 1000 });
    expect(sourceChannel.parse({ id: 1, balance: '12.500000' }).balance).toBe(12.5);
  });

  it('refuses a non-integer id rather than import it under another', () => {
    expect(() => sourceUser.parse({ id: 'x' })).toThrow();
  });
});

describe('import arguments', () => {
  it('takes one source and --dry-run', () => {
    expect(importArgsSchema.parse(['one-api.db', '--dry-run'])).toEqual({ source: 'one-api.db', dryRun: true });
    expect(importArgsSchema.parse(['one-api.db'])).toEqual({ source: 'one-api.db', dryRun: false });
  });

  it("takes new-api's separate log database with --logs=", () => {
    expect(importArgsSchema.parse(['root:pw@tcp(db:3306)/newapi', '--logs=postgres://u@logs/newapi_logs'])).toEqual({ source: 'root:pw@tcp(db:3306)/newapi', logSource: 'postgres://u@logs/newapi_logs', dryRun: false });
  });

  it('refuses no source, two sources and unknown flags', () => {
    for (const args of [[], ['a.db', 'b.db'], ['a.db', '--force'], ['a.db', '--logs='], ['a.db', '--logs=b.db', '--logs=c.db']]) expect(importArgsSchema.safeParse(args).success).toBe(false);
  });
});
