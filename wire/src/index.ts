// The shapes that cross a process or the browser boundary, as zod schemas; the types come from them.
export * from './events/index.js';
export * from './logs/index.js';
export * from './live/index.js';
export * from './channels/index.js';
