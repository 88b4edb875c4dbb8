export * from './events/envelope.js';
export * from './events/ledger-events.js';
export * from './errors.js';
export type * from './ports/event-log.js';
export type * from './ports/balance-store.js';
export type * from './ports/balance-notifier.js';
export * from './decider/index.js';
export * from './audit/index.js';
export * from './worker/ledger-worker.js';
