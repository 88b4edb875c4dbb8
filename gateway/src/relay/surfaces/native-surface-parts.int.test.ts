import { ChannelType } from '@tollgate/wire';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';
import { startBaiduMock } from '../../../test/mock-upstream/chinese/baidu-mock.js';

const MODEL = 'ERNIE-3.5-8K';
const PRICING = { ModelRatio: JSON.stringify({ [MODEL]: 1 }), CompletionRatio: JSON.stringify({ [MODEL]: 1 }) };
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Claude's Messages bodies carrying a tool definition, an image block, and plain text. */
const claude = {
  tools: { model: MODEL, max_tokens: 64, tools: [{ name: 'weather', description: 'the weather', input_schema: { type: 'object', properties: {} } }], messages: [{ role: 'user', content: 'weather?' }] },
  images: { model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } }] }] },
  text: { model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] },
};

/** Gemini's generateContent bodies carrying a function declaration, inline image data, and plain text. */
const gemini = {
  tools: { tools: [{ functionDeclarations: [{ name: 'weather', description: 'the weather', parameters: { type: 'object', properties: {} } }] }], contents: [{ role: 'user', parts: [{ text: 'weather?' }] }] },
  images: { contents: [{ role: 'user', parts: [{ text: 'what is this' }, { inlineData: { mimeType: 'image/png', data: PIXEL } }] }] },
  text: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
};

const SURFACES = [
  { surface: 'Claude /v1/messages', url: '/v1/messages', bodies: claude },
  { surface: 'Gemini /v1beta generateContent', url: `/v1beta/models/${MODEL}:generateContent`, bodies: gemini },
] as const;

/** A relay whose model has a Baidu channel (text-only) first, and with `openAIToo` an OpenAI channel below it. */
async function relayWithBaidu(openAIToo: boolean) {
  const h = await buildRelayHarness(PRICING);
  const baidu = await startBaiduMock({ reply: 'Hello from ERNIE', promptTokens: 3, outputTokens: 4, apiKey: 'ak', secretKey: 'sk' });
  onTestFinished(() => baidu.close());
  await h.addChannel({ type: ChannelType.Baidu, key: 'ak|sk', baseUrl: baidu.url, models: MODEL, priority: 10 });
  if (openAIToo) await h.addChannel({ models: MODEL, priority: 0 });
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id);
  return { h, baidu, user, bearer };
}

const chatRequestsTo = (baidu: { requests: { path: string }[] }) => baidu.requests.filter((seen) => seen.path.includes('/wenxinworkshop/chat/'));

describe.each(SURFACES)('the $surface surface and a text-only channel', ({ surface, url, bodies }) => {
  it.each(['tools', 'images'] as const)('a request with %s goes to a channel that can take them, below the text-only one', async (part) => {
    const { h, baidu, bearer } = await relayWithBaidu(true);
    const response = await h.post(url, bearer, bodies[part]);
    expect(response.statusCode, response.body).toBe(200);
    expect(chatRequestsTo(baidu)).toHaveLength(0);
    expect(h.upstream.requests).toHaveLength(1);
    expect(await h.usageEvents()).toHaveLength(1);
  });

  it.each(['tools', 'images'] as const)("a request with %s and only text-only channels is refused with 400 in the surface's own error shape, and costs nothing", async (part) => {
    const { h, baidu, user, bearer } = await relayWithBaidu(false);
    const response = await h.post(url, bearer, bodies[part]);
    expect(response.statusCode).toBe(400);
    const message = expect.stringContaining(`the request's ${part}: its baidu channels`);
    const shape = surface.startsWith('Claude') ? { type: 'error', error: { type: 'invalid_request_error', message } } : { error: { code: 400, status: 'INVALID_ARGUMENT', message } };
    expect(response.json()).toMatchObject(shape);
    expect(chatRequestsTo(baidu)).toHaveLength(0);
    expect(await h.usageEvents()).toHaveLength(0);
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000);
  });

  it('a text request still goes to the text-only channel first', async () => {
    const { h, baidu, bearer } = await relayWithBaidu(true);
    const response = await h.post(url, bearer, bodies.text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Hello from ERNIE');
    expect([chatRequestsTo(baidu).length, h.upstream.requests.length]).toEqual([1, 0]);
  });
});
