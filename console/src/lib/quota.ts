import { QuotaDisplayType } from '@tollgate/wire';
/** How the server says quota is shown (from /api/status). */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** general_setting.quota_display_type: USD (the default), CNY, TOKENS or CUSTOM. */
  type?: string;
  /** Units of the display currency per dollar (CNY: the yuan rate; CUSTOM: its own rate). */
  perDollar?: number;
  /** CUSTOM's symbol. */
  symbol?: string;
}

/** The symbol and the units per dollar money is shown in, or null when quota is shown as tokens. */
export function displayCurrency(display: QuotaDisplay): { symbol: string; perDollar: number } | null {
  if (!display.displayInCurrency || display.type === QuotaDisplayType.Tokens || display.quotaPerUnit <= 0) return null;
  if (display.type === QuotaDisplayType.CNY) return { symbol: '¥', perDollar: display.perDollar || 7.3 };
  if (display.type === QuotaDisplayType.Custom) return { symbol: display.symbol || '¤', perDollar: display.perDollar || 1 };
  return { symbol: '$', perDollar: 1 };
}

/** Large numbers as the spec shows them: 1e4 and above as k, 1e6 as M, 1e9 as B. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${(value / 1e3).toFixed(2)}k`;
  return String(value);
}

/** Quota as money in the display currency (USD, CNY or custom), else as the raw (shortened) number of tokens. */
export function formatQuota(quota: number, display: QuotaDisplay): string {
  const currency = displayCurrency(display);
  if (!currency) return shortNumber(quota);
  return `${currency.symbol}${((quota / display.quotaPerUnit) * currency.perDollar).toFixed(2)}`;
}
