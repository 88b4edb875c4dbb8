import type { Channel } from '../../ports/documents/channel-store.js';
import { jsonRequest, openAICompatible } from '../openai/index.js';
import { baseOf } from '../shared/base-url.js';
import { finishedAsSensitive } from '../shared/content-filter.js';
import { textChatTranslation, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter, UpstreamTarget } from '../types.js';
import { zhipuJwt } from './jwt.js';
import { readV3Answer, readV3Event, zhipuV3Request } from './v3.js';

const DEFAULT_BASE_URL = 'https://open.bigmodel.cn';

/** Zhipu ChatGLM v3 (channel type 16): model-api invoke / sse-invoke with a signed JWT. */
export const zhipu: ProviderAdapter = {
  id: 'zhipu',
  cannotTake: TEXT_ONLY,
  request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const method = body.stream === true ? 'sse-invoke' : 'invoke';
    const path = `${prefix}/api/paas/v3/model-api/${encodeURIComponent(String(body.model))}/${method}`;
    const headers = { authorization: zhipuJwt(channel.key), ...(body.stream === true ? { accept: 'text/event-stream' } : {}) };
    return jsonRequest({ origin, path, headers }, zhipuV3Request(body));
  },
  ...translatedReaders(readV3Answer),
  translation: textChatTranslation(readV3Answer, readV3Event),
};

/** Where an OpenAI path goes on the v4 API: /v1/chat/completions -> /api/paas/v4/chat/completions. */
function v4Target(channel: Channel, path: string): UpstreamTarget {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}/api/paas/v4${path.replace(/^\/v1(?=\/)/, '')}`, headers: { authorization: zhipuJwt(channel.key) } };
}

/** Zhipu GLM-4 / GLM-4V (channel type 26): the v4 API speaks OpenAI's protocol, with a signed JWT. */
export const zhipuV4: ProviderAdapter = {
  ...openAICompatible('zhipu_v4', DEFAULT_BASE_URL),
  request: (channel, path, body) => jsonRequest(v4Target(channel, path), body),
  openAITarget: v4Target,
  filtered: finishedAsSensitive,
};
