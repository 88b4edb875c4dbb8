import { dict } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import { jsonRequest } from '../openai/index.js';
import { baseOf } from '../shared/base-url.js';
import { textChatTranslation, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter } from '../types.js';
import { dashScopeRequest, readDashScope, readDashScopeEvent } from './dashscope.js';

const DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com';

/** Alibaba Qwen (channel type 17): DashScope's native text-generation API, SSE switched on by header. */
export const qwen: ProviderAdapter = {
  id: 'qwen',
  cannotTake: TEXT_ONLY,
  request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const headers: Record<string, string> = dict({ authorization: `Bearer ${channel.key}` });
    if (body.stream === true) headers['x-dashscope-sse'] = 'enable';
    return jsonRequest({ origin, path: `${prefix}/api/v1/services/aigc/text-generation/generation`, headers }, dashScopeRequest(body));
  },
  ...translatedReaders(readDashScope),
  translation: textChatTranslation(readDashScope, readDashScopeEvent),
};
