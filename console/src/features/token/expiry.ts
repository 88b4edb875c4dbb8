import { localInputToSeconds } from '../../lib/datetime';

/** Expiry shortcuts of the spec, in seconds from now; -1 means never. */
export const EXPIRY_SHORTCUTS = [
  { label: 'token.never', seconds: -1 },
  { label: 'token.hour', seconds: 3600 },
  { label: 'token.day', seconds: 86_400 },
  { label: 'token.month', seconds: 30 * 86_400 },
] as const;

/** Batch creation shortcuts of the spec. */
export const COUNT_SHORTCUTS = [10, 20, 30, 100] as const;

/** Seconds since the epoch for a form value; '' means never (-1); null when it is not a date. */
export function parseExpiry(value: string): number | null {
  const seconds = localInputToSeconds(value);
  return seconds === undefined ? -1 : seconds;
}
