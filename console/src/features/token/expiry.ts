/** Expiry shortcuts of the spec, in seconds from now; -1 means never. */
export const EXPIRY_SHORTCUTS = [
  { label: 'token.never', seconds: -1 },
  { label: 'token.hour', seconds: 3600 },
  { label: 'token.day', seconds: 86_400 },
  { label: 'token.month', seconds: 30 * 86_400 },
] as const;

/** The `datetime-local` value for a moment, in local time. */
export function toLocalInput(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Seconds since the epoch for a form value; '' means never (-1); null when it is not a date. */
export function parseExpiry(value: string): number | null {
  if (!value) return -1;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}
