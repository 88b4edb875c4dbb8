export { type AccountKeys, accountKeysOf, appliedEventOf, emptyChannel, emptyToken, emptyUser } from './accounts.js';
export { BalanceBook, type BalanceBookOptions, type BalanceLoader, zeroBalances } from './balance-book.js';
export { evolve, settledHoldOf, type TouchedBalances } from './evolve.js';
