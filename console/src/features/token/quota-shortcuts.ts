/** Remaining-quota shortcuts of the spec: quota per dollar amount. */
export const QUOTA_SHORTCUTS = [
  { label: '1$', quota: 500_000 },
  { label: '10$', quota: 5_000_000 },
  { label: '50$', quota: 25_000_000 },
  { label: '100$', quota: 50_000_000 },
  { label: '500$', quota: 250_000_000 },
  { label: '1000$', quota: 500_000_000 },
] as const;

export const DEFAULT_TOKEN_QUOTA = 500_000;
