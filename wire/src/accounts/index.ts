export * from './user-row.js';
export * from './token-row.js';
export * from './account-codes.js';
