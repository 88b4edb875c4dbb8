import { join } from 'node:path';
import { describeImportScenario } from './testing/import-scenario.js';

/**
 * The import scenario against a new-api SQLite file (one-api.db), at CI's size; the cluster tier
 * runs the same scenario against MariaDB (a million log rows) and PostgreSQL
 * (import-sources.cluster.test.ts).
 */
describeImportScenario('one-api.db', { create: async (dir) => join(dir, 'one-api.db'), logRows: 1_000_000 });
