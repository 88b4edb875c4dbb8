export { createChdbQuerier, type ChdbQuerierOptions } from './chdb-querier.js';
