export * from './user-row.js';
export * from './token-row.js';
