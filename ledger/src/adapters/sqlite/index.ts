export { createSqliteBalanceStore, SqliteBalanceStore, type SqliteBalanceStoreOptions } from './sqlite-balance-store.js';
export { createSqliteEventLog, SqliteEventLog, type SqliteEventLogOptions } from './sqlite-event-log.js';
export { newAppendCounter } from './append-signal.js';
export { openDatabase, type SqliteDatabase } from './open-database.js';
export { WalSync } from './wal-sync.js';
export { createWindowCallsTable, openSqliteWindowUsage, SubscriptionWindowCalls } from './subscription-window-calls.js';
