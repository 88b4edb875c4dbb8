import type { ChannelInput, ChannelRow } from '@tollgate/wire';
import { api, apiEnvelope, type Envelope, query } from '../../api/client';
import { type Page, toPage } from '../../api/page';

/** A channel as the list and the editor read it (spec: channel); reads never carry the key. */
export type Channel = ChannelRow;

export interface ChannelSearch {
  keyword: string;
  group: string;
  model: string;
}

/** The test and balance answers carry their figures beside the envelope, as new-api's. */
type TestReply = Envelope<null> & { time: number };
type BalanceReply = Envelope<null> & { balance: number };

const path = (suffix = '') => `/api/channel/${suffix}`;
/** Sent only when on, so the plain list's call stays new-api's own. */
const tagModeQuery = (on: boolean) => (on ? { tag_mode: 'true' } : {});

export const channelApi = {
  /** In tag mode a page holds whole tags (new-api's `tag_mode`): `total` counts tags, untagged channels are left out. */
  list: async (page: number, size: number, idSort: boolean, tagMode: boolean, signal?: AbortSignal) =>
    toPage(await api<Page<Channel>>('GET', path(`?${query({ p: page, page_size: size, id_sort: String(idSort), ...tagModeQuery(tagMode) })}`), undefined, { signal }), page, size),
  search: async (search: ChannelSearch, tagMode: boolean, signal?: AbortSignal) => toPage(await api<Page<Channel>>('GET', path(`search?${query({ ...search, ...tagModeQuery(tagMode) })}`), undefined, { signal })),
  get: (id: number, signal?: AbortSignal) => api<Channel>('GET', path(String(id)), undefined, { signal }),
  /** One key per line makes one channel each in batch mode. */
  create: (channel: ChannelInput, batch: boolean) => api<number[]>('POST', path(), { mode: batch ? 'batch' : 'single', channel }),
  update: (patch: Partial<ChannelInput> & { id: number; status?: number }) => api<Channel>('PUT', path(), patch),
  /** Quiet: the page says "渠道复制失败" with the reason. */
  copy: (id: number) => api<{ id: number }>('POST', path(`copy/${id}`), undefined, { quiet: true }),
  remove: (id: number) => api('DELETE', path(`${id}/`)),
  removeDisabled: () => api<number>('DELETE', path('disabled')),
  removeMany: (ids: number[]) => api<number>('POST', path('batch'), { ids }),
  fix: () => api<{ success: number; fails: number }>('POST', path('fix')),
  setTagEnabled: (tag: string, enabled: boolean) => api('POST', path(enabled ? 'tag/enabled' : 'tag/disabled'), { tag }),
  /** new-api's tag edit: each field sent is set on every channel of the tag. */
  editTag: (edit: { tag: string; new_tag?: string; priority?: number; weight?: number }) => api('PUT', path('tag'), edit),
  /** An empty tag takes the channels out of their tag. */
  setTag: (ids: number[], tag: string) => api<number>('POST', path('batch/tag'), { ids, tag: tag || null }),
  /** The time in seconds; a failed test is a refusal (success false), toasted by the client. */
  test: (id: number, model?: string) => apiEnvelope<null>('GET', path(`test/${id}${model ? `?${query({ model })}` : ''}`)) as Promise<TestReply>,
  testAll: () => api('GET', path('test')),
  updateBalance: (id: number) => apiEnvelope<null>('GET', path(`update_balance/${id}/`)) as Promise<BalanceReply>,
  updateAllBalances: () => api('GET', path('update_balance')),
  models: (signal?: AbortSignal) => api<{ id: string }[]>('GET', path('models'), undefined, { signal }),
  /** Quiet: the editor says "获取模型列表失败". */
  fetchModels: (id: number) => api<string[]>('GET', path(`fetch_models/${id}`), undefined, { quiet: true }),
  groups: (signal?: AbortSignal) => api<string[]>('GET', '/api/group/', undefined, { signal }),
};

/** One key of a multi-key channel as new-api's get_key_status lists it: its preview only, never the key. */
export interface ChannelKeyRow {
  index: number;
  status: number;
  key_preview: string;
  reason?: string;
  disabled_time?: number;
}

export interface ChannelKeyPage {
  keys: ChannelKeyRow[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}

export type KeyAction = 'enable_key' | 'disable_key' | 'delete_key' | 'enable_all_keys' | 'disable_all_keys' | 'delete_disabled_keys';

/** What new-api's detect stored and apply changed of a channel's upstream models. */
export interface UpstreamChanges {
  add_models: string[];
  remove_models: string[];
}

const manage = (body: object) => api<ChannelKeyPage>('POST', path('multi_key/manage'), body);

export const channelKeyApi = {
  page: (channelId: number, page: number, status: number | null) => manage({ channel_id: channelId, action: 'get_key_status', page, page_size: 10, status }),
  act: (channelId: number, action: KeyAction, keyIndex?: number) => manage({ channel_id: channelId, action, key_index: keyIndex }),
};

export const upstreamApi = {
  detect: (id: number) => api<UpstreamChanges>('POST', path('upstream_updates/detect'), { id }),
  apply: (id: number, choice: { add_models: string[]; remove_models: string[]; ignore_models: string[] }) => api('POST', path('upstream_updates/apply'), { id, ...choice }),
  detectAll: () => api<{ processed_channels: number; detected_add_models: number; detected_remove_models: number }>('POST', path('upstream_updates/detect_all')),
  applyAll: () => api<{ processed_channels: number }>('POST', path('upstream_updates/apply_all')),
};

/** A new OpenAI channel has no id yet: the browser asks the provider itself with the entered key (spec, section 7). */
export async function fetchOpenAIModels(baseUrl: string, key: string): Promise<string[]> {
  const response = await fetch(`${baseUrl || 'https://api.openai.com'}/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { data?: { id: string }[] };
  return (body.data ?? []).map((model) => model.id);
}
