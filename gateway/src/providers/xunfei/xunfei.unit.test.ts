import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSparkFrames, sparkRequestFrame } from './frames.js';
import { signedSparkPath, sparkVersion } from './signed-url.js';

describe('Spark signed URL', () => {
  it('signs host, date and request line with the secret, in a base64 authorization naming the key', () => {
    const date = 'Sun, 22 Nov 2026 21:00:00 GMT';
    const path = signedSparkPath({ host: 'spark-api.xf-yun.com', path: '/v2.1/chat', apiKey: 'k', apiSecret: 's', date });
    const query = new URL(path, 'wss://x').searchParams;
    const signature = createHmac('sha256', 's').update(`host: spark-api.xf-yun.com\ndate: ${date}\nGET /v2.1/chat HTTP/1.1`).digest('base64');
    expect(path.startsWith('/v2.1/chat?')).toBe(true);
    expect(Buffer.from(query.get('authorization') ?? '', 'base64').toString()).toBe(`api_key="k", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`);
    expect([query.get('date'), query.get('host')]).toEqual([date, 'spark-api.xf-yun.com']);
  });

  it('picks domain and path by the version in `other`, v2.1 by default', () => {
    expect(sparkVersion('')).toEqual({ domain: 'generalv2', path: '/v2.1/chat' });
    expect(sparkVersion('v3.5')).toEqual({ domain: 'generalv3.5', path: '/v3.5/chat' });
  });
});

describe('Spark frames', () => {
  it('builds the request frame and joins answer frames, usage from the last', () => {
    expect(sparkRequestFrame({ max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }, 'app', 'generalv2')).toEqual({
      header: { app_id: 'app', uid: 'tollgate' },
      parameter: { chat: { domain: 'generalv2', max_tokens: 5 } },
      payload: { message: { text: [{ role: 'user', content: 'hi' }] } },
    });
    const frame = (status: number, content: string, usage?: object) => ({ header: { code: 0, sid: 's', status }, payload: { choices: { status, text: [{ content }] }, ...(usage ? { usage: { text: usage } } : {}) } });
    expect(readSparkFrames([frame(0, 'a '), frame(2, 'b', { prompt_tokens: 2, completion_tokens: 3 })])).toEqual({ id: 's', text: 'a b', usage: { promptTokens: 2, completionTokens: 3 }, finishReason: 'stop' });
    expect(readSparkFrames([{ header: { code: 10013, message: 'blocked', status: 2 } }]).refusal).toBe('Spark error 10013: blocked');
  });
});
