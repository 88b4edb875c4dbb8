export * from './audit-event-types.js';
export * from './audit-event-row.js';
export * from './ledger-audit-run.js';
