export { type DriftReport, auditDrift } from './audit-drift.js';
export { BalanceFold, type BalanceSnapshot, recomputeBalances } from './balance-fold.js';
export { type BalanceDrift, compareBalances } from './compare-balances.js';
export { ConsumptionFold, type DailyConsumption, utcDay } from './consumption-fold.js';
export { eachOnce, eachOnceSync } from './each-once.js';
