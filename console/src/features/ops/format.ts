/** "120 / 340 ms", or a dash for a side with no calls. */
export function latencyPair(p50: number | null, p95: number | null): string {
  const ms = (value: number | null) => (value === null ? '-' : String(value));
  return `${ms(p50)} / ${ms(p95)} ms`;
}

/** "429×2 500×1", by status. */
export function errorsByStatus(errors: Record<string, number>): string {
  return Object.entries(errors)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;
