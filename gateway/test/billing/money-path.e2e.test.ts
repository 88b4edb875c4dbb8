import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually, revealTokenKey } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/**
 * Steps 1-5 of the foundation issue, on the real embedded server (SQLite, chdb, in-process hot
 * state) with a mock OpenAI upstream, driven by the official `openai` SDK.
 * Price = (prompt + completion x completion ratio) x model ratio x group ratio.
 */
const PROMPT = 10;
const COMPLETION = 20;
const MODEL_RATIO = 2;
const COMPLETION_RATIO = 3;
const GROUP_RATIO = 1.5;
const COST = (PROMPT + COMPLETION * COMPLETION_RATIO) * MODEL_RATIO * GROUP_RATIO; // 210
const GRANT = 1_000_000;
const TOKEN_QUOTA = 500_000;

interface SelfView { id: number; quota: number; used_quota: number; request_count: number }
interface TokenView { id: number; key: string; name: string; remain_quota: number; used_quota: number }
interface LogView { type: number; model_name: string; token_name: string; quota: number; prompt_tokens: number; completion_tokens: number; is_stream: boolean; use_time: number; other: string }

// The analytics ingestion on the workers' thread and on the relay's loop: the log pages must read the same.
describe.each(['thread', 'loop'])('the money path, end to end (ingestion on the %s)', (ingestion) => {
  let fixture: EmbeddedFixture;
  let root: ConsoleClient;
  let alice: ConsoleClient;
  let channelId: number;
  let token: TokenView;
  let client: OpenAI;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'Hello from upstream', promptTokens: PROMPT, completionTokens: COMPLETION }, { EMBEDDED_INGESTION_THREAD: String(ingestion === 'thread') });
    root = fixture.root;
    alice = new ConsoleClient(fixture.tollgate.url);
  });

  afterAll(async () => fixture?.close());

  it('1. root logs in with the default password, is warned, sets prices and adds a channel', async () => {
    expect(fixture.rootLogin.success).toBe(true);
    expect(fixture.rootLogin.data.default_password).toBe(true);
    expect(fixture.rootLogin.message).toBe('请立刻修改默认密码！');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ 'mock-model': MODEL_RATIO }) });
    await root.must('PUT', '/api/option/', { key: 'CompletionRatio', value: JSON.stringify({ 'mock-model': COMPLETION_RATIO }) });
    await root.must('PUT', '/api/option/', { key: 'GroupRatio', value: JSON.stringify({ default: GROUP_RATIO }) });
    await root.must('POST', '/api/channel/', {
      name: 'mock openai', type: 1, key: 'sk-upstream-secret', base_url: `${fixture.upstream.url}/`,
      models: 'mock-model', group: 'default', priority: 0, weight: 1,
    });
    const channels = await root.must<{ items: { id: number; name: string; key?: string }[] }>('GET', '/api/channel/?p=0&page_size=10');
    expect(channels.items.map((c) => c.name)).toEqual(['mock openai']);
    expect(JSON.stringify(channels)).not.toContain('sk-upstream-secret');
    channelId = channels.items[0]?.id ?? 0;
  });

  it('2. a second user registers, logs in, and root gives it quota', async () => {
    const registered = await alice.call('POST', '/api/user/register', { username: 'alice', password: 'alice-password', password2: 'alice-password' });
    expect(registered.success).toBe(true);
    expect((await alice.login('alice', 'alice-password')).success).toBe(true);
    const self = await alice.must<SelfView>('GET', '/api/user/self');
    await root.must('PUT', '/api/user/', { id: self.id, quota: GRANT });
    const after = await alice.must<SelfView>('GET', '/api/user/self');
    expect(after.quota).toBe(GRANT);
  });

  it('rejects a console call whose New-Api-User does not match the session', async () => {
    const response = await fetch(`${fixture.tollgate.url}/api/user/self`, { headers: { cookie: alice.sessionCookie(), 'new-api-user': '1' } });
    expect(response.status).toBe(401);
  });

  it('3. the user creates an sk- token and lists it', async () => {
    await alice.must('POST', '/api/token/', { name: 'my-key', remain_quota: TOKEN_QUOTA, expired_time: -1, unlimited_quota: false });
    const page = await alice.must<{ items: TokenView[]; total: number }>('GET', '/api/token/?p=0&size=10');
    expect(page.total).toBe(1);
    token = page.items[0] as TokenView;
    expect(token.name).toBe('my-key');
    const key = await revealTokenKey(alice, token.id);
    expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
    expect(token.key).toBe(`${key.slice(3, 7)}**********${key.slice(-4)}`);
    expect(token.remain_quota).toBe(TOKEN_QUOTA);
    client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
  });

  it('4a. a plain completion through the openai SDK returns the upstream answer', async () => {
    const completion = await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('Hello from upstream');
    expect(completion.usage).toMatchObject({ prompt_tokens: PROMPT, completion_tokens: COMPLETION });
    expect(fixture.upstream.requests.at(-1)?.authorization).toBe('Bearer sk-upstream-secret');
  });

  it('4b. a streamed completion arrives chunk by chunk, with usage when asked', async () => {
    const stream = await client.chat.completions.create({
      model: 'mock-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }],
    });
    let text = '';
    let chunks = 0;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from upstream');
    expect(chunks).toBeGreaterThan(2);
    expect(usage).toMatchObject({ prompt_tokens: PROMPT, completion_tokens: COMPLETION });
  });

  it('5. the cost lands on the user, the token, the channel and in the logs', async () => {
    const self = await eventually(async () => {
      const view = await alice.must<SelfView>('GET', '/api/user/self');
      return view.request_count === 2 ? view : undefined;
    }, 5000, 'two requests counted');
    expect(self).toMatchObject({ quota: GRANT - 2 * COST, used_quota: 2 * COST, request_count: 2 });
    const tokenView = await alice.must<TokenView>('GET', `/api/token/${token.id}`);
    expect(tokenView).toMatchObject({ remain_quota: TOKEN_QUOTA - 2 * COST, used_quota: 2 * COST });
    const channel = await root.must<{ used_quota: number }>('GET', `/api/channel/${channelId}`);
    expect(channel.used_quota).toBe(2 * COST);

    const logs = await eventually(async () => {
      const page = await alice.must<{ items: LogView[]; total: number }>('GET', '/api/log/self/?p=1&page_size=10&type=2');
      return page.total === 2 && page.items.length === 2 ? page : undefined;
    }, 5000, 'two consume rows');
    const plain = logs.items.find((row) => !row.is_stream);
    const streamed = logs.items.find((row) => row.is_stream);
    expect(plain).toMatchObject({ model_name: 'mock-model', token_name: 'my-key', quota: COST, prompt_tokens: PROMPT, completion_tokens: COMPLETION, is_stream: false });
    expect(streamed).toMatchObject({ quota: COST, is_stream: true });
    expect(JSON.parse(plain?.other ?? '{}')).toMatchObject({ model_ratio: MODEL_RATIO, completion_ratio: COMPLETION_RATIO, group_ratio: GROUP_RATIO });

    const stat = await alice.must<{ quota: number; rpm: number; tpm: number }>('GET', '/api/log/self/stat?type=0');
    expect(stat).toEqual({ quota: 2 * COST, rpm: 2, tpm: 2 * (PROMPT + COMPLETION) });
  });

  it('records the admin adjustment as a type 3 row on the user', async () => {
    const page = await alice.must<{ items: { type: number; content: string }[] }>('GET', '/api/log/self/?p=1&page_size=10&type=3');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.content).toContain('管理员将用户额度从');
  });
});
