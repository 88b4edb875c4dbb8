import type { ChannelStore } from '../ports/documents/channel-store.js';
import type { AdminLogEntry, LogEntry } from '@tollgate/wire';

/**
 * An administrator's rows with each channel's name, as new-api's log list joins it: one lookup per
 * channel the page names, and '' for a row without one or whose channel is gone.
 */
export async function withChannelNames(channels: ChannelStore, rows: LogEntry[]): Promise<AdminLogEntry[]> {
  const ids = [...new Set(rows.map((row) => row.channel).filter((id) => id > 0))];
  const found = await Promise.all(ids.map(async (id) => [id, (await channels.byId(id))?.name ?? ''] as const));
  const names = new Map(found);
  return rows.map((row) => ({ ...row, channel_name: names.get(row.channel) ?? '' }));
}
