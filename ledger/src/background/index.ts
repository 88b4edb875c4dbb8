export * from './background-log.js';
export * from './reconciler.js';
export * from './run-in-background.js';
