export { createInProcessBalanceNotifier, InProcessBalanceNotifier } from './in-process-balance-notifier.js';
