export * from './log-type.js';
export * from './log-entry.js';
