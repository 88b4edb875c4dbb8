import type { Channel } from '../../ports/documents/channel-store.js';
import { jsonRequest } from '../openai/index.js';
import { baseOf } from '../shared/base-url.js';
import { textChatTranslation, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter } from '../types.js';
import { baiduAccessToken } from './access-token.js';
import { ernieEndpoint, ernieRequest, readErnieAnswer, readErnieEvent } from './ernie.js';

const DEFAULT_BASE_URL = 'https://aip.baidubce.com';

/** Baidu ERNIE (channel type 15): an access token from the key, then the wenxinworkshop chat API. */
export const baidu: ProviderAdapter = {
  id: 'baidu',
  cannotTake: TEXT_ONLY,
  async request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const token = await baiduAccessToken(origin, channel.key);
    const path = `${prefix}/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/${ernieEndpoint(String(body.model))}?access_token=${encodeURIComponent(token)}`;
    return jsonRequest({ origin, path, headers: {} }, ernieRequest(body));
  },
  ...translatedReaders(readErnieAnswer),
  translation: textChatTranslation(readErnieAnswer, readErnieEvent),
};
