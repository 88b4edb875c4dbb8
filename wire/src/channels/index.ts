export * from './channel-type.js';
export * from './channel-status.js';
export * from './channel-row.js';
