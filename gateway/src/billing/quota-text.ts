import type { Options } from '../ports/options.js';

/** A quota amount as new-api writes it into log content: `＄0.500000 额度`, or `250000 点额度`. */
export function logQuota(options: Options, quota: number): string {
  if (!options.boolean('DisplayInCurrencyEnabled')) return `${quota} 点额度`;
  const perUnit = options.number('QuotaPerUnit') || 500_000;
  return `＄${(quota / perUnit).toFixed(6)} 额度`;
}
