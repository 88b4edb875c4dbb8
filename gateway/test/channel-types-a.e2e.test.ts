import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaiduMock } from './mock-upstream/baidu-mock.js';
import type { ProviderMock } from './mock-upstream/provider-mock.js';
import { addCaseChannel, checkChannelType } from './support/channel-type-check.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture } from './support/embedded-fixture.js';

/** OpenAI clients served by the channel types of issue #9 (first half), each billed exactly. */
const MODELS = ['ERNIE-3.5-8K', 'ERNIE-Speed-8K'];
const usage = { promptTokens: 7, outputTokens: 11 };

describe('channel types Baidu .. PaLM2 through the OpenAI surface', () => {
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
    await checkChannelType(fixture, { type: 15, key: 'ak-1|sk-1', baseUrl: baidu.url, model: 'ERNIE-3.5-8K', reply: 'Hello from ERNIE', ...usage }, 'baidu-user');
    expect(baidu.tokensIssued()).toBe(1);
    const chat = baidu.requests.find((r) => r.path.includes('/chat/'));
    expect(chat).toMatchObject({ path: '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions?access_token=24.mock-access-token', body: { system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] } });
  });

  it('Baidu (15): a wrong secret key fails the channel test', async () => {
    const baidu = started(await startBaiduMock({ reply: 'x', ...usage, apiKey: 'ak-2', secretKey: 'sk-2' }));
    const id = await addCaseChannel(fixture, { type: 15, key: 'ak-2|wrong', baseUrl: baidu.url, model: 'ERNIE-Speed-8K', reply: 'x', ...usage });
    expect(await fixture.root.call('GET', `/api/channel/test/${id}`)).toMatchObject({ success: false });
  });
});
