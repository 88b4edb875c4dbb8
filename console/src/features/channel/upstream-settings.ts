import type { Channel } from './api';

interface UpstreamFields {
  upstream_model_update_check_enabled?: boolean;
  upstream_model_update_auto_sync_enabled?: boolean;
  upstream_model_update_last_detected_models?: string[];
  upstream_model_update_last_removed_models?: string[];
}

/** The channel's `settings` (new-api's other settings); unreadable or absent reads as none. */
export function upstreamFieldsOf(channel: Pick<Channel, 'settings'>): UpstreamFields {
  try {
    const parsed: unknown = JSON.parse(channel.settings || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as UpstreamFields) : {};
  } catch {
    return {};
  }
}

const names = (list: unknown) => (Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : []);

/** What the last detection found and no admin has applied yet. */
export function pendingUpstreamChanges(channel: Pick<Channel, 'settings'>): { add: string[]; remove: string[] } {
  const fields = upstreamFieldsOf(channel);
  return { add: names(fields.upstream_model_update_last_detected_models), remove: names(fields.upstream_model_update_last_removed_models) };
}

/** The settings text with one of the detection switches set, every other field kept. */
export function withUpstreamSwitch(settings: string, field: 'upstream_model_update_check_enabled' | 'upstream_model_update_auto_sync_enabled', on: boolean): string {
  return JSON.stringify({ ...upstreamFieldsOf({ settings }), [field]: on });
}
