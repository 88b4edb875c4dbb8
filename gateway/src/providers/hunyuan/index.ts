import type { Channel } from '../../ports/documents/channel-store.js';
import { baseOf } from '../shared/base-url.js';
import { textChatTranslation, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter } from '../types.js';
import { hunyuanRequest, readHunyuanAnswer, readHunyuanEvent } from './chat.js';
import { TC3_CONTENT_TYPE, tc3Authorization } from './tc3.js';

const DEFAULT_BASE_URL = 'https://hunyuan.tencentcloudapi.com';

/** Tencent Hunyuan (channel type 23): the ChatCompletions action, signed with TC3 from `AppId|SecretId|SecretKey`. */
export const hunyuan: ProviderAdapter = {
  id: 'hunyuan',
  cannotTake: TEXT_ONLY,
  request(channel: Channel, _path, body) {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const [, secretId = '', secretKey = ''] = channel.key.split('|');
    const payload = JSON.stringify(hunyuanRequest(body));
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({ secretId, secretKey, service: 'hunyuan', host: new URL(origin).host, payload, timestamp });
    const headers = { authorization, 'content-type': TC3_CONTENT_TYPE, 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01', 'x-tc-timestamp': String(timestamp) };
    return { origin, path: `${prefix}/`, headers, body: payload };
  },
  ...translatedReaders(readHunyuanAnswer),
  translation: textChatTranslation(readHunyuanAnswer, readHunyuanEvent),
};
