import { ChannelType } from '@tollgate/wire';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';
import { startBaiduMock } from '../../../test/mock-upstream/chinese/baidu-mock.js';

const PRICING = { ModelRatio: JSON.stringify({ 'ERNIE-3.5-8K': 1 }), CompletionRatio: JSON.stringify({ 'ERNIE-3.5-8K': 1 }) };
const weatherTool = { type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: {} } } };
const withTools = { model: 'ERNIE-3.5-8K', tools: [weatherTool], messages: [{ role: 'user', content: 'weather?' }] };
const withImage = { model: 'ERNIE-3.5-8K', messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] };

/** A relay whose model ERNIE-3.5-8K has a Baidu channel (a text-only adapter) first, and, with `openAIToo`, an OpenAI channel below it. */
async function relayWithBaidu(openAIToo: boolean) {
  const h = await buildRelayHarness(PRICING);
  const baidu = await startBaiduMock({ reply: 'Hello from ERNIE', promptTokens: 3, outputTokens: 4, apiKey: 'ak', secretKey: 'sk' });
  onTestFinished(() => baidu.close());
  await h.addChannel({ type: ChannelType.Baidu, key: 'ak|sk', baseUrl: baidu.url, models: 'ERNIE-3.5-8K', priority: 10 });
  if (openAIToo) await h.addChannel({ models: 'ERNIE-3.5-8K', priority: 0 });
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id);
  return { h, baidu, user, bearer };
}

const chatRequestsTo = (baidu: { requests: { path: string }[] }) => baidu.requests.filter((seen) => seen.path.includes('/wenxinworkshop/chat/'));

describe('parts of a request a text-only provider cannot send', () => {
  it.each([
    ['tools', withTools],
    ['images', withImage],
  ])('a request with %s goes to a channel that can take them, below the text-only one', async (_part, body) => {
    const { h, baidu, bearer } = await relayWithBaidu(true);
    const response = await h.post('/v1/chat/completions', bearer, body);
    expect(response.statusCode).toBe(200);
    expect(chatRequestsTo(baidu)).toHaveLength(0);
    expect(h.upstream.requests).toHaveLength(1);
    expect(await h.usageEvents()).toHaveLength(1);
  });

  it.each([
    ['tools', withTools, 'tools'],
    ['images', withImage, 'images'],
    ['tools and images', { ...withImage, tools: [weatherTool] }, 'tools and images'],
  ])('a request with %s and only text-only channels is refused with 400 naming them, and costs nothing', async (_case, body, named) => {
    const { h, baidu, user, bearer } = await relayWithBaidu(false);
    const response = await h.post('/v1/chat/completions', bearer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'unsupported_request_part', type: 'invalid_request_error', message: expect.stringContaining(`the request's ${named}: its baidu channels`) } });
    expect(chatRequestsTo(baidu)).toHaveLength(0);
    expect(await h.usageEvents()).toHaveLength(0);
    expect(await h.deps.holds.available(user.id)).toBe(1_000_000);
  });

  it('a text request still goes to the text-only channel first', async () => {
    const { h, baidu, bearer } = await relayWithBaidu(true);
    const response = await h.post('/v1/chat/completions', bearer, { model: 'ERNIE-3.5-8K', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ choices: [{ message: { content: 'Hello from ERNIE' } }] });
    expect([chatRequestsTo(baidu).length, h.upstream.requests.length]).toEqual([1, 0]);
  });
});
