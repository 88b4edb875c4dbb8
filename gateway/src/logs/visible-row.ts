import { eventToLogRow } from '@tollgate/analytics';
import type { LedgerEvent, LogEntry, SelfLogEntry } from '@tollgate/wire';

/** A user's own row: no channel (its name empty, as new-api clears it), and no `admin_info` in `other`. */
export function selfRow(row: LogEntry): SelfLogEntry {
  const { channel: _channel, ...fields } = row;
  const rest = { ...fields, channel_name: '' as const };
  // An empty `other` (top-up and system rows, as new-api writes them) stays empty.
  if (!row.other) return rest;
  try {
    const other: unknown = JSON.parse(row.other);
    if (other === null || typeof other !== 'object' || Array.isArray(other)) return rest;
    const { admin_info: _adminInfo, ...visible } = other as Record<string, unknown>;
    return { ...rest, other: JSON.stringify(visible) };
  } catch {
    return { ...rest, other: '' };
  }
}

/** The row the log list will show for `event` once analytics has it, or null for an event without one. */
export function logRowOf(event: LedgerEvent): LogEntry | null {
  const row = eventToLogRow(event);
  if (!row) return null;
  const { channel_id, ...rest } = row;
  return { ...rest, channel: channel_id };
}
