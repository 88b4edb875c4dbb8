import { requiredSqlServers } from '../../test/support/config.js';
import { freshDatabase } from './testing/fixture-engines.js';
import { describeImportScenario } from './testing/import-scenario.js';

/**
 * The import scenario against new-api databases on MariaDB and PostgreSQL (Debian's servers,
 * started by infra/local/with-engines.sh); import.int.test.ts runs the same scenario against a
 * SQLite file. A million log rows on MariaDB, where peak memory and speed are measured;
 * PostgreSQL proves the same paths on a tenth of that to keep CI short.
 */
const servers = requiredSqlServers();

describeImportScenario('MariaDB', { create: () => freshDatabase(servers.MARIADB_URL), logRows: 1_000_000 });
describeImportScenario('PostgreSQL', { create: () => freshDatabase(servers.POSTGRES_URL), logRows: 1_000_000 });
