export { createSqliteBalanceStore, SqliteBalanceStore, type SqliteBalanceStoreOptions } from './sqlite-balance-store.js';
export { createSqliteEventLog, SqliteEventLog, type SqliteEventLogOptions } from './sqlite-event-log.js';
