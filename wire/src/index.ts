// The shapes that cross a process or the browser boundary, as zod schemas; the types come from them.
export * from './shared/dict.js';
export * from './events/index.js';
export * from './logs/index.js';
export * from './live/index.js';
export * from './channels/index.js';
export * from './payments/top-up-row.js';
export * from './imports/import-job.js';
export * from './accounts/index.js';
export * from './tasks/task-rows.js';
export * from './usage/quota-data-row.js';
export * from './usage/self-usage.js';
export * from './status/server-status.js';
export * from './pricing/price-entry.js';
export * from './audit/index.js';
export * from './payments/redemption-row.js';
export * from './subscriptions/plan.js';
