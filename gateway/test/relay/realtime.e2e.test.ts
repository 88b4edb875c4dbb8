import type { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { eventually } from '../support/clients/console-client.js';
import { rawUpgrade, respond, sdkSession } from '../support/clients/realtime-client.js';
import { type RealtimeMock, type RealtimeMockUsage, startRealtimeMock } from '../mock-upstream/openai/realtime-mock.js';

/**
 * OpenAI's realtime protocol over a WebSocket through the real embedded server, the openai SDK's
 * realtime client against a mock that speaks the protocol. Each response.done is billed from its
 * usage: text at the model and completion ratios, audio at AudioRatio/AudioCompletionRatio, cached
 * input at CacheRatio.
 */
const PRICE = { model: 2, completion: 4, audio: 8, audioCompletion: 2, cache: 0.5 };

/** The nth response's usage: the conversation grows, part of it cached (audio among it). */
const usageOf = (i: number): RealtimeMockUsage => ({
  input_tokens: 100 + 50 * i,
  output_tokens: 80 + i,
  input_token_details: { text_tokens: 40 + 10 * i, audio_tokens: 60 + 40 * i, cached_tokens: 30 * i, cached_tokens_details: { text_tokens: 10 * i, audio_tokens: 20 * i } },
  output_token_details: { text_tokens: 20, audio_tokens: 60 + i },
});

/** The price of one response, from OpenAI's usage fields (cached audio billed once, as cached). */
function costOf(usage: RealtimeMockUsage): number {
  const input = usage.input_token_details ?? {};
  const cached = input.cached_tokens ?? 0;
  const audioIn = (input.audio_tokens ?? 0) - (input.cached_tokens_details?.audio_tokens ?? 0);
  const textIn = usage.input_tokens - cached - audioIn;
  const audioOut = usage.output_token_details?.audio_tokens ?? 0;
  const textOut = usage.output_tokens - audioOut;
  return Math.round((textIn + cached * PRICE.cache + audioIn * PRICE.audio + (textOut + audioOut * PRICE.audioCompletion) * PRICE.completion) * PRICE.model);
}

const REPLY = 'Hello from the realtime mock';

interface Balance {
  quota: number;
  used_quota: number;
  request_count: number;
}

describe('realtime over WebSocket', () => {
  let fixture: EmbeddedFixture;
  let upstream: RealtimeMock;
  let base: string;
  const open: OpenAIRealtimeWS[] = [];

  const setOption = (key: string, value: object) => fixture.root.must('PUT', '/api/option/', { key, value: JSON.stringify(value) });

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    upstream = await startRealtimeMock({ usageOf, reply: REPLY, key: 'upstream-key' });
    base = `${fixture.tollgate.url}/v1`;
    const models = ['gpt-realtime', 'gpt-realtime-az', 'claude-voice'];
    await priceModels(fixture, Object.fromEntries(models.map((m) => [m, PRICE.model])), Object.fromEntries(models.map((m) => [m, PRICE.completion])));
    await setOption('AudioRatio', Object.fromEntries(models.map((m) => [m, PRICE.audio])));
    await setOption('AudioCompletionRatio', Object.fromEntries(models.map((m) => [m, PRICE.audioCompletion])));
    await setOption('CacheRatio', Object.fromEntries(models.map((m) => [m, PRICE.cache])));
    const channel = { key: 'upstream-key', base_url: upstream.url, group: 'default' };
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'openai', type: 1, models: 'gpt-realtime', model_mapping: '{"gpt-realtime":"gpt-realtime-2025-08-28"}' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'azure', type: 3, models: 'gpt-realtime-az' });
    await fixture.root.must('POST', '/api/channel/', { ...channel, name: 'claude', type: 14, models: 'claude-voice' });
  });

  afterAll(async () => {
    for (const session of open) session.close();
    await upstream?.close();
    await fixture?.close();
  });

  const session = async (key: string, model = 'gpt-realtime') => {
    const opened = await sdkSession(base, key, model);
    open.push(opened);
    return opened;
  };

  it('relays a session to the channel and bills each response.done: the charge is the sum of the usages', async () => {
    const { user, key } = await userWithKey(fixture, 'voice', 1_000_000);
    const rt = await session(key);
    const turns = [];
    for (let i = 0; i < 3; i += 1) turns.push(await respond(rt, `turn ${i}`));
    expect(turns.map((turn) => turn.text)).toEqual([REPLY, REPLY, REPLY]);
    expect(turns.map((turn) => turn.usage)).toMatchObject([0, 1, 2].map((i) => ({ input_tokens: usageOf(i).input_tokens })));
    const seen = upstream.sessions.at(-1);
    expect(seen?.url).toBe('/v1/realtime?model=gpt-realtime-2025-08-28');
    expect(seen?.headers.authorization).toBe('Bearer upstream-key');
    expect(seen?.received.map((event) => event.type)).toEqual(['conversation.item.create', 'response.create', 'conversation.item.create', 'response.create', 'conversation.item.create', 'response.create']);
    const expected = [0, 1, 2].map((i) => costOf(usageOf(i)));
    const self = await eventually(async () => {
      const balance = await user.must<Balance>('GET', '/api/user/self');
      return balance.request_count === 3 ? balance : undefined;
    }, 5000, 'three responses billed');
    expect(self.used_quota).toBe(expected.reduce((a, b) => a + b, 0));
    expect(self.quota).toBe(1_000_000 - self.used_quota);
    type Row = { quota: number; model_name: string; is_stream: boolean; other: string };
    const rows = await eventually(async () => {
      const page = await user.must<{ items: Row[]; total: number }>('GET', '/api/log/self/?p=1&page_size=10&type=2');
      return page.total === 3 ? page : undefined;
    }, 5000, 'a log row per response');
    expect(rows.items.map((row) => row.quota).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(rows.items[0]).toMatchObject({ model_name: 'gpt-realtime', is_stream: true });
    expect(JSON.parse(rows.items.find((row) => row.quota === expected[2])?.other ?? '{}')).toMatchObject({ audio_input: 60 + 80 - 40, audio_output: 62, cache_tokens: 60 });
    rt.close();
    await eventually(async () => (seen?.closed ? true : undefined), 5000, 'the upstream session closed with the client');
  });

  it('takes the key from a browser client’s subprotocol, answering `realtime` and never the key', async () => {
    const { user, key } = await userWithKey(fixture, 'browser', 1_000_000);
    const url = `${base.replace('http', 'ws')}/realtime?model=gpt-realtime-az`;
    const opened = await rawUpgrade(url, { protocols: ['realtime', `openai-insecure-api-key.${key}`, 'openai-beta.realtime-v1'] });
    if (!('socket' in opened)) throw new Error(`refused: ${opened.status} ${opened.body}`);
    const socket: WebSocket = opened.socket;
    expect(socket.protocol).toBe('realtime');
    const done = new Promise<void>((resolve) => socket.on('message', (data) => JSON.parse(String(data)).type === 'response.done' && resolve()));
    socket.send(JSON.stringify({ type: 'response.create' }));
    await done;
    const seen = upstream.sessions.at(-1);
    expect(seen?.url).toBe('/openai/v1/realtime?model=gpt-realtime-az');
    expect(seen?.headers['api-key']).toBe('upstream-key');
    expect(JSON.stringify(seen?.headers)).not.toContain(key.replace(/^sk-/, ''));
    await eventually(async () => ((await user.must<Balance>('GET', '/api/user/self')).used_quota === costOf(usageOf(0)) ? true : undefined), 5000, 'one response billed');
    socket.close();
  });

  it('ends a session that outlives its balance with the protocol’s error event and a clean close, never below zero', async () => {
    const quota = costOf(usageOf(0)) + costOf(usageOf(1)) + Math.floor(costOf(usageOf(2)) / 2);
    const { user, key } = await userWithKey(fixture, 'short', quota);
    const rt = await session(key);
    const errors: { code?: string; type?: string }[] = [];
    rt.on('error', (error) => errors.push((error as { error?: { code?: string; type?: string } }).error ?? {}));
    const closed = new Promise<number>((resolve) => rt.socket.once('close', (code) => resolve(code)));
    await respond(rt, 'one');
    await respond(rt, 'two');
    rt.send({ type: 'response.create' });
    expect(await closed).toBe(1000);
    expect(errors).toEqual([expect.objectContaining({ type: 'insufficient_quota', code: 'insufficient_user_quota' })]);
    const self = await eventually(async () => {
      const balance = await user.must<Balance>('GET', '/api/user/self');
      return balance.request_count === 3 ? balance : undefined;
    }, 5000, 'three charges');
    expect(self).toMatchObject({ quota: 0, used_quota: quota });
    // No new session opens on an empty balance.
    const again = await rawUpgrade(`${base.replace('http', 'ws')}/realtime?model=gpt-realtime`, { headers: { authorization: `Bearer ${key}` } });
    expect(again).toMatchObject({ status: 403 });
  });

  it('refuses a bad key, a missing or unknown model, a model no realtime channel serves, and a plain GET, in OpenAI’s error shape', async () => {
    const { key } = await userWithKey(fixture, 'refused', 1_000_000);
    const ws = `${base.replace('http', 'ws')}/realtime`;
    const auth = { authorization: `Bearer ${key}` };
    const sessionsBefore = upstream.sessions.length;
    const badKey = await rawUpgrade(`${ws}?model=gpt-realtime`, { headers: { authorization: 'Bearer sk-not-a-key' } });
    expect(badKey).toMatchObject({ status: 401 });
    expect(JSON.parse((badKey as { body: string }).body)).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(await rawUpgrade(ws, { headers: auth })).toMatchObject({ status: 400 });
    const unknown = await rawUpgrade(`${ws}?model=gpt-9-realtime`, { headers: auth });
    expect(unknown).toMatchObject({ status: 503 });
    expect(JSON.parse((unknown as { body: string }).body)).toMatchObject({ error: { code: 'model_not_found' } });
    expect(await rawUpgrade(`${ws}?model=claude-voice`, { headers: auth })).toMatchObject({ status: 503 });
    const plain = await fetch(`${base}/realtime?model=gpt-realtime`, { headers: auth });
    expect(plain.status).toBe(426);
    expect(upstream.sessions.length).toBe(sessionsBefore);
  });
});
