export * from './log-type.js';
