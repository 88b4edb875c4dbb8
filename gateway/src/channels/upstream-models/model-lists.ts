import { ChannelType } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import { providerFor } from '../../providers/index.js';
import { claudeUpstream } from '../../providers/anthropic/index.js';
import { geminiResource } from '../../providers/gemini/index.js';
import { baseOf } from '../../providers/shared/base-url.js';
import { withFirstEnabledKey } from '../multi-key/channel-info.js';
import { getJsonAt, getUpstreamJson } from '../upstream-get.js';

/** Pages read at most: an upstream that keeps answering a next page (a loop in its tokens) stops here. */
const MAX_PAGES = 50;
const PAGE_SIZE = 1000;

type ModelLister = (channel: Channel) => Promise<string[]>;

const texts = (values: unknown[], field: string) =>
  values.map((item) => (item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined)).filter((v): v is string => typeof v === 'string');
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Reads pages until `next` (from the page just read) gives no cursor. */
async function paged(read: (cursor: string | null) => Promise<{ ids: string[]; next: string | null }>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { ids: more, next } = await read(cursor);
    ids.push(...more);
    if (!next || next === cursor) break;
    cursor = next;
  }
  return ids;
}

/** Gemini's `GET /v1beta/models` (its key, x-goog-api-key), paged by pageToken; names are `models/<id>`. */
const geminiModels: ModelLister = (channel) =>
  paged(async (token) => {
    const page = await getJsonAt(geminiResource(channel, `models?pageSize=${PAGE_SIZE}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`));
    const next = typeof page.nextPageToken === 'string' ? page.nextPageToken : null;
    return { ids: texts(listOf(page.models), 'name').map((name) => name.replace(/^models\//, '')), next };
  });

/** Claude's `GET /v1/models` (x-api-key, anthropic-version), paged by after_id while has_more. */
const claudeModels: ModelLister = (channel) =>
  paged(async (after) => {
    const page = await getJsonAt(claudeUpstream(channel, `/v1/models?limit=${PAGE_SIZE}${after ? `&after_id=${encodeURIComponent(after)}` : ''}`, {}));
    const next = page.has_more === true && typeof page.last_id === 'string' ? page.last_id : null;
    return { ids: texts(listOf(page.data), 'id'), next };
  });

/** Ollama's `GET /api/tags`: its local models by name (the key, when the channel has one, as a bearer). */
const ollamaModels: ModelLister = async (channel) => texts(listOf((await getUpstreamJson(channel, '/api/tags')).models), 'name');

/** An OpenAI-protocol list (`data[].id`) at `path` of the channel's OpenAI address. */
const openAIList = async (channel: Channel, path: string) => {
  const target = providerFor(channel.type).openAITarget?.(channel, path, '');
  if (!target) throw new Error('no OpenAI address');
  return texts(listOf((await getJsonAt(target)).data), 'id');
};

/** Alibaba's DashScope lists its models on its OpenAI-compatible mode, as new-api reads them. */
const aliModels: ModelLister = (channel) => {
  const { origin, prefix } = baseOf(channel.baseUrl, 'https://dashscope.aliyuncs.com');
  return getJsonAt({ origin, path: `${prefix}/compatible-mode/v1/models`, headers: { authorization: `Bearer ${channel.key}` } }).then((page) => texts(listOf(page.data), 'id'));
};

const ownListers: Partial<Record<number, ModelLister>> = {
  [ChannelType.Gemini]: geminiModels,
  [ChannelType.Anthropic]: claudeModels,
  [ChannelType.Ollama]: ollamaModels,
  [ChannelType.Ali]: aliModels,
};

/**
 * How a channel's upstream lists its models (new-api's fetchChannelUpstreamModelIDs): Gemini,
 * Claude, Ollama and Alibaba by their own calls; any channel whose adapter speaks OpenAI by
 * `GET /v1/models` at its OpenAI address (Zhipu v4's is /api/paas/v4/models); null for a type
 * with no model list.
 */
export function modelListerOf(channel: Pick<Channel, 'type'>): ModelLister | null {
  const own = Object.hasOwn(ownListers, channel.type) ? ownListers[channel.type] : undefined;
  if (own) return own;
  return providerFor(channel.type).openAITarget ? (c) => openAIList(c, '/v1/models') : null;
}

/** The model ids the channel's upstream lists, asked with its (first enabled) key; trimmed, blank ones dropped, each once. */
export async function fetchUpstreamModels(channel: Channel): Promise<string[]> {
  const lister = modelListerOf(channel);
  if (!lister) throw new Error('该渠道类型不支持获取上游模型列表');
  const ids = await lister(withFirstEnabledKey(channel));
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}
