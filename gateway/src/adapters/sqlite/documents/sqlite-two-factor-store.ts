import type { Database } from 'better-sqlite3';
import type { TwoFactor, TwoFactorStore } from '../../../ports/documents/two-factor-store.js';
import { StatementCache } from './columns.js';

interface TwoFactorRow {
  user_id: number;
  secret: string;
  enabled: number;
  failed_attempts: number;
  locked_until: number | null;
  remaining: number;
}

const fromRow = (row: TwoFactorRow): TwoFactor => ({
  userId: row.user_id,
  secret: row.secret,
  enabled: row.enabled === 1,
  failedAttempts: row.failed_attempts,
  lockedUntil: row.locked_until,
  backupCodesRemaining: row.remaining,
});

/** After an ended lock the count restarts at this attempt; otherwise it goes up by one. */
const NEXT_COUNT = 'CASE WHEN locked_until IS NULL THEN failed_attempts + 1 ELSE 1 END';

/**
 * Two-factor settings in SQLite. Each once-only check is one conditional UPDATE, which SQLite's
 * single writer applies whole, so of any number of concurrent callers one wins.
 */
export function createSqliteTwoFactorStore(db: Database): TwoFactorStore {
  const cache = new StatementCache(db);
  const run = (sql: string, params: Record<string, unknown>) => cache.prepare(sql).run(params).changes;
  const insertCodes = (userId: number, hashes: string[]) => {
    for (const hash of hashes) run('INSERT OR IGNORE INTO two_factor_backup_codes (user_id, code_hash) VALUES (@userId, @hash)', { userId, hash });
  };
  const beginSetup = db.transaction((userId: number, secret: string, hashes: string[]): boolean => {
    const enabled = cache.prepare('SELECT 1 FROM two_factor WHERE user_id = ? AND enabled = 1').get(userId);
    if (enabled) return false;
    run('DELETE FROM two_factor_backup_codes WHERE user_id = @userId', { userId });
    run('INSERT OR REPLACE INTO two_factor (user_id, secret) VALUES (@userId, @secret)', { userId, secret });
    insertCodes(userId, hashes);
    return true;
  });
  const remove = db.transaction((userId: number): boolean => {
    run('DELETE FROM two_factor_backup_codes WHERE user_id = @userId', { userId });
    return run('DELETE FROM two_factor WHERE user_id = @userId', { userId }) > 0;
  });
  const replaceBackupCodes = db.transaction((userId: number, hashes: string[]): boolean => {
    if (!cache.prepare('SELECT 1 FROM two_factor WHERE user_id = ? AND enabled = 1').get(userId)) return false;
    run('DELETE FROM two_factor_backup_codes WHERE user_id = @userId', { userId });
    insertCodes(userId, hashes);
    return true;
  });
  return {
    async byUserId(userId) {
      const row = cache
        .prepare('SELECT t.*, (SELECT COUNT(*) FROM two_factor_backup_codes b WHERE b.user_id = t.user_id AND b.used = 0) AS remaining FROM two_factor t WHERE t.user_id = ?')
        .get(userId) as TwoFactorRow | undefined;
      return row ? fromRow(row) : null;
    },
    beginSetup: async (userId, secret, hashes) => beginSetup(userId, secret, hashes),
    enable: async (userId) => run('UPDATE two_factor SET enabled = 1, failed_attempts = 0, locked_until = NULL WHERE user_id = @userId AND enabled = 0', { userId }) === 1,
    remove: async (userId) => remove(userId),
    replaceBackupCodes: async (userId, hashes) => replaceBackupCodes(userId, hashes),
    async unusedBackupCodeHashes(userId) {
      return (cache.prepare('SELECT code_hash FROM two_factor_backup_codes WHERE user_id = ? AND used = 0').all(userId) as { code_hash: string }[]).map((r) => r.code_hash);
    },
    useBackupCode: async (userId, hash) => run('UPDATE two_factor_backup_codes SET used = 1 WHERE user_id = @userId AND code_hash = @hash AND used = 0', { userId, hash }) === 1,
    claimStep: async (userId, step) =>
      run('UPDATE two_factor SET last_step = @step WHERE user_id = @userId AND (last_step IS NULL OR last_step < @step)', { userId, step }) === 1,
    async takeAttempt(userId, now, { maxAttempts, lockMs }) {
      const counted = run(
        `UPDATE two_factor SET failed_attempts = ${NEXT_COUNT},
           locked_until = CASE WHEN ${NEXT_COUNT} >= @max THEN @now + @lockMs ELSE NULL END
         WHERE user_id = @userId AND (locked_until IS NULL OR locked_until <= @now)`,
        { userId, now, max: maxAttempts, lockMs },
      );
      if (counted === 1) return null;
      const row = cache.prepare('SELECT locked_until FROM two_factor WHERE user_id = ?').get(userId) as { locked_until: number | null } | undefined;
      return row?.locked_until ?? null;
    },
    async clearAttempts(userId) {
      run('UPDATE two_factor SET failed_attempts = 0, locked_until = NULL WHERE user_id = @userId', { userId });
    },
    async countEnabled() {
      return (cache.prepare('SELECT COUNT(*) AS n FROM two_factor WHERE enabled = 1').get() as { n: number }).n;
    },
  };
}
