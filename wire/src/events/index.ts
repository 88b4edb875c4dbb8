export * from './envelope.js';
export * from './usage-recorded.js';
export * from './quota-events.js';
export * from './task-refunded.js';
export * from './invite-events.js';
export * from './opening-balance.js';
export * from './ledger-event.js';
export * from './subscription-events.js';
