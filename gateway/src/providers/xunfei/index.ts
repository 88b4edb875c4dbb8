import type { Channel } from '../../ports/documents/channel-store.js';
import { baseOf } from '../shared/base-url.js';
import { textChatTranslation, translatedReaders, TEXT_ONLY } from '../shared/text-chat.js';
import type { ProviderAdapter } from '../types.js';
import { sparkExchange } from './exchange.js';
import { readSparkFrame, readSparkFrames, sparkRequestFrame } from './frames.js';
import { signedSparkPath, sparkVersion } from './signed-url.js';

const DEFAULT_BASE_URL = 'wss://spark-api.xf-yun.com';

/** Xunfei Spark (channel type 18): `APPID|APISecret|APIKey`, JSON frames over a signed WebSocket. */
export const xunfei: ProviderAdapter = {
  id: 'xunfei',
  cannotTake: TEXT_ONLY,
  request(channel: Channel, _path, body) {
    const { origin } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const [appId = '', apiSecret = '', apiKey = ''] = channel.key.split('|');
    const version = sparkVersion(channel.other);
    const path = signedSparkPath({ host: new URL(origin).host, path: version.path, apiKey, apiSecret, date: new Date().toUTCString() });
    const accept = body.stream === true ? 'text/event-stream' : 'application/json';
    return { origin, path, headers: { accept }, body: JSON.stringify(sparkRequestFrame(body, appId, version.domain)) };
  },
  exchange: sparkExchange,
  ...translatedReaders(readSparkFrames),
  translation: textChatTranslation(readSparkFrames, (frame) => (frame ? readSparkFrame(frame) : null)),
};
