export * from './channel-type.js';
export * from './channel-status.js';
