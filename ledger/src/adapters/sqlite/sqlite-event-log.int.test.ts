import { runEventLogContract } from '../../ports/event-log.contract.js';
import { tempSqlitePath } from '../../testing/temp-sqlite.js';
import { createSqliteEventLog } from './sqlite-event-log.js';

runEventLogContract('SqliteEventLog', async () => createSqliteEventLog({ path: tempSqlitePath(), pollIntervalMs: 50 }));
