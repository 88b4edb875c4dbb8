export { createMongoBalanceStore, MongoBalanceStore, type MongoBalanceStoreOptions } from './mongo-balance-store.js';
