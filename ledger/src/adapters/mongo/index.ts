export { Collections as MongoBalanceCollections } from './balance-documents.js';
export { createMongoBalanceStore, MongoBalanceStore, type MongoBalanceStoreOptions } from './mongo-balance-store.js';
export { dropDatabase, writeAllRaw } from './raw-bulk-writes.js';
