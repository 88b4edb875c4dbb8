/** How the server says quota is shown (from /api/status). */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

/** Large numbers as the spec shows them: 1e4 and above as k, 1e6 as M, 1e9 as B. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(2)}k`;
  return String(value);
}

/** Quota in dollars when the server displays currency, else the raw (shortened) number. */
export function formatQuota(quota: number, display: QuotaDisplay): string {
  if (display.displayInCurrency && display.quotaPerUnit > 0) return `$${(quota / display.quotaPerUnit).toFixed(2)}`;
  return shortNumber(quota);
}
