import { format } from 'date-fns';

/** Epoch seconds as the console shows times. */
export const formatTime = (epochSeconds: number): string => format(new Date(epochSeconds * 1000), 'yyyy-MM-dd HH:mm:ss');

/** The `datetime-local` input value for a moment, in local time. */
export function toLocalInput(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as epoch seconds; undefined when empty, null when not a date. */
export function localInputToSeconds(value: string): number | null | undefined {
  if (!value) return undefined;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}
