export * from './channel-type.js';
export * from './channel-status.js';
export * from './channel-row.js';
export * from './affinity-cache.js';
