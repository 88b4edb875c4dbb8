export {
  createClickHouseQuerier,
  ensureDatabase,
  type ClickHouseQuerierOptions,
} from './clickhouse-querier.js';
