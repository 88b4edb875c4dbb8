import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaiduMock } from '../mock-upstream/chinese/baidu-mock.js';
import { startZhipuMock } from '../mock-upstream/chinese/zhipu-mock.js';
import { startQwenMock } from '../mock-upstream/chinese/qwen-mock.js';
import { startHunyuanMock } from '../mock-upstream/chinese/hunyuan-mock.js';
import { startMinimaxMock } from '../mock-upstream/openai/minimax-mock.js';
import { startPalmMock } from '../mock-upstream/anthropic-google/palm-mock.js';
import { startXunfeiMock } from '../mock-upstream/chinese/xunfei-mock.js';
import type { ProviderMock } from '../mock-upstream/provider-mock.js';
import { addCaseChannel, checkChannelType } from '../support/gateways/channel-type-check.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Each provider's credentials (token exchange, JWT, TC3, signed WebSocket URL) and request translation, and a wrong credential failing the channel test; the provider matrix covers their answers and errors. */
const MODELS = ['ERNIE-3.5-8K', 'ERNIE-Speed-8K', 'chatglm_turbo', 'glm-4v', 'glm-4-wrong', 'qwen-turbo', 'hunyuan-lite', 'hunyuan-wrong', '360gpt-pro', 'abab6.5s-chat', 'abab-wrong', 'abab-retry', 'chat-bison-001', 'SparkDesk', 'spark-wrong'];
const usage = { promptTokens: 7, outputTokens: 11 };

describe('credentials and request translation of Baidu .. PaLM2', () => {
  let fixture: EmbeddedFixture;
  const mocks: ProviderMock[] = [];
  const started = <T extends ProviderMock>(mock: T): T => (mocks.push(mock), mock);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await priceModels(fixture, Object.fromEntries(MODELS.map((m) => [m, 1])));
  });

  afterAll(async () => {
    await fixture?.close();
    await Promise.all(mocks.map((m) => m.close()));
  });

  it('Baidu (15): one token exchange, then ERNIE chat with access_token, plain and streamed', async () => {
    const baidu = started(await startBaiduMock({ reply: 'Hello from ERNIE', ...usage, apiKey: 'ak-1', secretKey: 'sk-1' }));
    await checkChannelType(fixture, { type: 15, key: 'ak-1|sk-1', baseUrl: baidu.url, model: 'ERNIE-3.5-8K', reply: 'Hello from ERNIE', ...usage }, 'baidu');
    expect(baidu.tokensIssued()).toBe(1);
    const chat = baidu.requests.find((r) => r.path.includes('/chat/'));
    expect(chat).toMatchObject({ path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions?access_token=24.mock-access-token', body: { system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] } });
  });

  it('Baidu (15): a wrong secret key fails the channel test', async () => {
    const baidu = started(await startBaiduMock({ reply: 'x', ...usage, apiKey: 'ak-2', secretKey: 'sk-2' }));
    const id = await addCaseChannel(fixture, { type: 15, key: 'ak-2|wrong', baseUrl: baidu.url, model: 'ERNIE-Speed-8K', reply: 'x', ...usage });
    expect(await fixture.root.call('GET', `/api/channel/test/${id}`)).toMatchObject({ success: false });
  });

  it('Zhipu v3 (16): a JWT signed with the secret; invoke and sse-invoke (raw-text events, usage in meta)', async () => {
    const zhipu = started(await startZhipuMock({ reply: 'Hello from ChatGLM', ...usage, id: 'kid', secret: 'ksecret' }));
    await checkChannelType(fixture, { type: 16, key: 'kid.ksecret', baseUrl: zhipu.url, model: 'chatglm_turbo', reply: 'Hello from ChatGLM', ...usage }, 'zhipu');
    expect(zhipu.requests.map((r) => r.path)).toContain('/api/paas/v3/model-api/chatglm_turbo/sse-invoke');
    expect(zhipu.requests[0]?.body).toMatchObject({ prompt: [{ role: 'user', content: 'Be brief.' }, { role: 'user', content: 'hi' }] });
  });

  it('GLM-4V (26): the OpenAI-like v4 API with the JWT; a JWT from the wrong secret is refused', async () => {
    const glm = started(await startZhipuMock({ reply: 'Hello from GLM-4', ...usage, id: 'kid4', secret: 'right' }));
    await checkChannelType(fixture, { type: 26, key: 'kid4.right', baseUrl: glm.url, model: 'glm-4v', reply: 'Hello from GLM-4', ...usage }, 'glm');
    const wrong = await addCaseChannel(fixture, { type: 26, key: 'kid4.wrong', baseUrl: glm.url, model: 'glm-4-wrong', reply: '', ...usage });
    expect(await fixture.root.call('GET', `/api/channel/test/${wrong}`)).toMatchObject({ success: false });
  });

  it('Qwen (17): DashScope text-generation, SSE asked by header', async () => {
    const dashscope = started(await startQwenMock({ reply: 'Hello from Qwen', ...usage, key: 'sk-dash' }));
    await checkChannelType(fixture, { type: 17, key: 'sk-dash', baseUrl: dashscope.url, model: 'qwen-turbo', reply: 'Hello from Qwen', ...usage }, 'qwen');
    expect(dashscope.requests[0]?.body).toMatchObject({ model: 'qwen-turbo', input: { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] }, parameters: { result_format: 'message' } });
    expect(dashscope.requests[1]?.body).toMatchObject({ parameters: { incremental_output: true } });
  });

  it('Hunyuan (23): ChatCompletions signed with TC3; a wrong secret key is refused', async () => {
    const tencent = started(await startHunyuanMock({ reply: 'Hello from Hunyuan', ...usage, secretId: 'AKID-1', secretKey: 'tc-secret' }));
    await checkChannelType(fixture, { type: 23, key: '1250000000|AKID-1|tc-secret', baseUrl: tencent.url, model: 'hunyuan-lite', reply: 'Hello from Hunyuan', ...usage }, 'hunyuan');
    expect(tencent.requests[0]?.body).toMatchObject({ Model: 'hunyuan-lite', Messages: [{ Role: 'system', Content: 'Be brief.' }, { Role: 'user', Content: 'hi' }], Stream: false });
    const wrong = await addCaseChannel(fixture, { type: 23, key: '1|AKID-1|nope', baseUrl: tencent.url, model: 'hunyuan-wrong', reply: '', ...usage });
    expect(await fixture.root.call('GET', `/api/channel/test/${wrong}`)).toMatchObject({ success: false, message: 'Hunyuan error AuthFailure.SignatureFailure: The provided credentials could not be validated.' });
  });

  it('360 (19): the OpenAI protocol at the channel base URL', async () => {
    await checkChannelType(fixture, { type: 19, key: 'sk-360', baseUrl: fixture.upstream.url, model: '360gpt-pro', reply: 'Hello', promptTokens: 5, outputTokens: 7 }, 'ai360');
    expect(fixture.upstream.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-360' });
  });

  it('MiniMax (35): chatcompletion_v2; a base_resp refusal fails the channel test', async () => {
    const minimax = started(await startMinimaxMock({ reply: 'Hello from MiniMax', ...usage, key: 'mm-key' }));
    await checkChannelType(fixture, { type: 35, key: 'mm-key', baseUrl: minimax.url, model: 'abab6.5s-chat', reply: 'Hello from MiniMax', ...usage }, 'minimax');
    const wrong = await addCaseChannel(fixture, { type: 35, key: 'nope', baseUrl: minimax.url, model: 'abab-wrong', reply: '', ...usage });
    expect(await fixture.root.call('GET', `/api/channel/test/${wrong}`)).toMatchObject({ success: false, message: expect.stringContaining('MiniMax error 1004') });
    const { user, key } = await userWithKey(fixture, 'mmwrong', 1000);
    const refused = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'abab-wrong', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({ error: { code: 'upstream_refused', message: expect.stringContaining('MiniMax error 1004') } });
    expect(await user.must('GET', '/api/user/self')).toMatchObject({ used_quota: 0, request_count: 0 });
  });

  it('MiniMax (35): a refusal sent with status 200 is a failed attempt, retried on the next channel and billed there once', async () => {
    const minimax = started(await startMinimaxMock({ reply: 'never', ...usage, key: 'mm-key' }));
    const refusing = { name: 'minimax-refusing', type: 35, key: 'nope', base_url: minimax.url, models: 'abab-retry', group: 'default', priority: 10 };
    await fixture.root.must('POST', '/api/channel/', refusing);
    await fixture.root.must('POST', '/api/channel/', { name: 'openai-backup', type: 1, key: 'sk-backup', base_url: fixture.upstream.url, models: 'abab-retry', group: 'default', priority: 0 });
    await fixture.root.must('PUT', '/api/option/', { key: 'RetryTimes', value: '1' });
    try {
      const { user, key } = await userWithKey(fixture, 'mmretry', 1000);
      const answered = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'abab-retry', messages: [{ role: 'user', content: 'hi' }] }) });
      expect(answered.status).toBe(200);
      const body = (await answered.json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number; completion_tokens: number } };
      expect(minimax.requests).toHaveLength(1);
      expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ model: 'abab-retry' });
      // The ledger applies the charge within its batch period.
      await expect.poll(() => user.must('GET', '/api/user/self')).toMatchObject({ used_quota: body.usage.prompt_tokens + body.usage.completion_tokens, request_count: 1 });
    } finally {
      await fixture.root.must('PUT', '/api/option/', { key: 'RetryTimes', value: '0' });
    }
  });

  it('PaLM2 (11): generateMessage, usage counted, a stream faked as one chunk', async () => {
    const palm = started(await startPalmMock({ reply: 'Hello from PaLM', key: 'AIza-palm' }));
    await checkChannelType(fixture, { type: 11, key: 'AIza-palm', baseUrl: palm.url, model: 'chat-bison-001', reply: 'Hello from PaLM', ...usage, counted: true }, 'palm');
    expect(palm.requests[0]?.body).toMatchObject({ prompt: { messages: [{ author: '1', content: 'Be brief.' }, { author: '0', content: 'hi' }] } });
  });

  it('Xunfei Spark (18): a signed WebSocket URL, answers in frames; a wrong secret fails the handshake', async () => {
    const spark = await startXunfeiMock({ reply: 'Hello from Spark', ...usage, appId: 'app1', apiKey: 'key1', apiSecret: 'secret1' });
    try {
      await checkChannelType(fixture, { type: 18, key: 'app1|secret1|key1', baseUrl: spark.url, model: 'SparkDesk', other: 'v3.5', reply: 'Hello from Spark', ...usage }, 'spark');
      expect(spark.paths[0]).toBe('/v3.5/chat');
      expect(spark.frames[0]).toMatchObject({ header: { app_id: 'app1' }, parameter: { chat: { domain: 'generalv3.5' } }, payload: { message: { text: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] } } });
      const wrong = await addCaseChannel(fixture, { type: 18, key: 'app1|nope|key1', baseUrl: spark.url, model: 'spark-wrong', reply: '', ...usage });
      expect(await fixture.root.call('GET', `/api/channel/test/${wrong}`)).toMatchObject({ success: false });
    } finally {
      await spark.close();
    }
  });
});
