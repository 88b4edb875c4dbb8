import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIAccountMock, startOpenAIAccountMock } from '../mock-upstream/openai/openai-account-mock.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

interface ChannelView { id: number; status: number; response_time: number; test_time: number; balance: number; other_info: string }

/** The channel operations of the console, against real upstream mocks: test, test all, balance, model list, fix. */
describe('channel operations', () => {
  let fixture: EmbeddedFixture;
  let account: OpenAIAccountMock;

  const addChannel = async (name: string, patch: Record<string, unknown> = {}) => {
    const [id] = await fixture.root.must<number[]>('POST', '/api/channel/', { name, type: 1, key: 'k', base_url: fixture.upstream.url, models: 'mock-model', group: 'default', ...patch });
    return id as number;
  };
  const channel = (id: number) => fixture.root.must<ChannelView>('GET', `/api/channel/${id}`);
  const setOption = (key: string, value: string) => fixture.root.must('PUT', '/api/option/', { key, value });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    account = await startOpenAIAccountMock({ key: 'sk-account', models: ['gpt-4o', 'gpt-4o-mini'], hardLimitUsd: 120, totalUsageCents: 2550 });
    await priceModels(fixture, { 'mock-model': 1 });
  });

  afterAll(async () => {
    await account?.close();
    await fixture?.close();
  });

  it('tests one channel: the time in seconds, the model asked, and the response time kept', async () => {
    const id = await addChannel('tested');
    const answer = await fixture.root.call('GET', `/api/channel/test/${id}?model=mock-model`);
    expect(answer).toMatchObject({ success: true, message: '', model: 'mock-model' });
    expect((answer as unknown as { time: number }).time).toBeGreaterThanOrEqual(0);
    expect(fixture.upstream.requests.at(-1)?.body).toMatchObject({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
    const view = await channel(id);
    expect(view.test_time).toBeGreaterThan(0);
  });

  it('reports a failing upstream in the test answer without disabling on a single test', async () => {
    const id = await addChannel('failing');
    fixture.upstream.configure({ failWith: 401 });
    try {
      const answer = await fixture.root.call('GET', `/api/channel/test/${id}`);
      expect(answer).toMatchObject({ success: false, message: 'mock failure 401' });
      expect((await channel(id)).status).toBe(1);
    } finally {
      fixture.upstream.configure({ failWith: 0 });
    }
  });

  it('test all: disables a channel whose key is rejected (switch on), and brings it back once it passes', async () => {
    const id = await addChannel('flaky');
    await setOption('AutomaticDisableChannelEnabled', 'true');
    await setOption('AutomaticEnableChannelEnabled', 'true');
    fixture.upstream.configure({ failWith: 401 });
    try {
      expect((await fixture.root.call('GET', '/api/channel/test')).success).toBe(true);
      const disabled = await eventually(async () => {
        const view = await channel(id);
        return view.status === 3 ? view : undefined;
      }, 10_000, 'the run disabled the channel');
      expect(JSON.parse(disabled.other_info)).toMatchObject({ status_reason: expect.stringContaining('httpCode 401') });
    } finally {
      fixture.upstream.configure({ failWith: 0 });
    }
    await eventually(async () => ((await fixture.root.call('GET', '/api/channel/test')).success ? true : undefined), 10_000, 'the first run ended');
    await eventually(async () => ((await channel(id)).status === 1 ? true : undefined), 10_000, 'the run enabled the channel again');
  });

  it('the relay stops routing to a channel the test run disabled', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const { key } = await userWithKey(fixture, 'ops-ivy', 100_000);
    const call = () => fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'x' }] }) });
    expect((await call()).status).toBe(200);
    fixture.upstream.configure({ failWith: 401 });
    try {
      await eventually(async () => ((await fixture.root.call('GET', '/api/channel/test')).success ? true : undefined), 10_000);
      const all = async () => (await fixture.root.must<{ items: ChannelView[] }>('GET', '/api/channel/?p=0&page_size=100')).items;
      await eventually(async () => ((await all()).every((c) => c.status === 3) ? true : undefined), 10_000, 'every channel disabled');
    } finally {
      fixture.upstream.configure({ failWith: 0 });
    }
    const refused = await call();
    expect(refused.status).toBe(503);
  });

  it('updates a channel\'s balance from its provider\'s billing API, and says so for types without one', async () => {
    const id = await addChannel('billed', { key: 'sk-account', base_url: account.url });
    const answer = await fixture.root.call('GET', `/api/channel/update_balance/${id}/`);
    expect(answer).toMatchObject({ success: true, balance: 120 - 25.5 });
    expect((await channel(id)).balance).toBe(94.5);
    expect(account.paths.some((p) => /^\/v1\/dashboard\/billing\/usage\?start_date=\d{4}-\d{2}-01&end_date=\d{4}-\d{2}-\d{2}$/.test(p))).toBe(true);
    const claude = await addChannel('claude', { type: 14 });
    expect(await fixture.root.call('GET', `/api/channel/update_balance/${claude}/`)).toMatchObject({ success: false, message: '尚未实现' });
  });

  it('fetches an OpenAI channel\'s model list with its key, and refuses a type that has no model list', async () => {
    const id = await addChannel('listing', { key: 'sk-account', base_url: account.url });
    expect(await fixture.root.call('GET', `/api/channel/fetch_models/${id}`)).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    const wrongKey = await addChannel('wrong key', { key: 'sk-other', base_url: account.url });
    expect((await fixture.root.call('GET', `/api/channel/fetch_models/${wrongKey}`)).message).toBe('获取模型列表失败：status code: 401');
    const baidu = await addChannel('baidu models', { type: 15 });
    expect((await fixture.root.call('GET', `/api/channel/fetch_models/${baidu}`)).message).toBe('该渠道类型不支持获取上游模型列表');
  });

  it('fix rebuilds the routing table and counts the channels; ordinary users may not call any of these', async () => {
    const { data } = await fixture.root.call<{ success: number; fails: number }>('POST', '/api/channel/fix');
    expect(data).toEqual({ success: (await fixture.root.must<{ total: number }>('GET', '/api/channel/?p=0&page_size=100')).total, fails: 0 });
    const { user } = await userWithKey(fixture, 'ops-joe', 1000);
    for (const [method, path] of [['GET', '/api/channel/test'], ['POST', '/api/channel/fix'], ['GET', '/api/channel/fetch_models/1']] as const) {
      const response = await user.send(method, path);
      expect(response.status).toBe(403);
    }
  });
});
