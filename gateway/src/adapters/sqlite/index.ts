import Database from 'better-sqlite3';
import type { ChannelStore } from '../../ports/documents/channel-store.js';
import type { OptionStore } from '../../ports/documents/option-store.js';
import type { RedemptionStore } from '../../ports/documents/redemption-store.js';
import type { TokenStore } from '../../ports/documents/token-store.js';
import type { TopUpStore } from '../../ports/documents/top-up-store.js';
import type { UserStore } from '../../ports/documents/user-store.js';
import type { TaskStore } from '../../ports/documents/task-store.js';
import type { TwoFactorStore } from '../../ports/documents/two-factor-store.js';
import { createSchema } from './schema.js';
import { createSqliteChannelStore } from './documents/sqlite-channel-store.js';
import { createSqliteOptionStore } from './documents/sqlite-option-store.js';
import { createSqliteRedemptionStore } from './documents/sqlite-redemption-store.js';
import { createSqliteTokenStore } from './documents/sqlite-token-store.js';
import { createSqliteTopUpStore } from './documents/sqlite-top-up-store.js';
import { createSqliteSubscriptionStore } from './documents/sqlite-subscription-store.js';
import type { SubscriptionStore } from '../../ports/documents/subscription-store.js';
import { createSqliteUserStore } from './documents/sqlite-user-store.js';
import { createSqliteTaskStore } from './documents/sqlite-task-store.js';
import { createSqliteTwoFactorStore } from './documents/sqlite-two-factor-store.js';
import { createSqliteAuditTrail } from './documents/sqlite-audit-trail.js';
import type { AuditTrail } from '../../ports/documents/audit-trail.js';

export interface SqliteDocuments {
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  options: OptionStore;
  redemptions: RedemptionStore;
  topUps: TopUpStore;
  subscriptions: SubscriptionStore;
  tasks: TaskStore;
  twoFactor: TwoFactorStore;
  auditTrail: AuditTrail;
  close(): void;
}

/** Opens (creating when absent) the documents' SQLite file: WAL, so readers never wait on the writer. */
export function createSqliteDocuments({ path }: { path: string }): SqliteDocuments {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  createSchema(db);
  return {
    users: createSqliteUserStore(db),
    tokens: createSqliteTokenStore(db),
    channels: createSqliteChannelStore(db),
    options: createSqliteOptionStore(db),
    redemptions: createSqliteRedemptionStore(db),
    topUps: createSqliteTopUpStore(db),
    subscriptions: createSqliteSubscriptionStore(db),
    tasks: createSqliteTaskStore(db),
    twoFactor: createSqliteTwoFactorStore(db),
    auditTrail: createSqliteAuditTrail(db),
    close: () => db.close(),
  };
}
