import type WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from '../support/gateways/embedded-fixture.js';
import { eventually } from '../support/clients/console-client.js';
import { connectLive } from '../support/clients/live-socket.js';
import { rawUpgrade, respond } from '../support/clients/realtime-client.js';
import { MALFORMED_FRAME } from '../mock-upstream/openai/realtime-mock.js';
import { REALTIME_REPLY, type RealtimeFixture, realtimeCostOf, realtimeUsageOf, startRealtimeFixture } from '../support/gateways/realtime-fixture.js';

/**
 * OpenAI's realtime protocol over a WebSocket through the real embedded server, the openai SDK's
 * realtime client against a mock that speaks the protocol. Each response.done is billed from its
 * usage: text at the model and completion ratios, audio at AudioRatio/AudioCompletionRatio, cached
 * input at CacheRatio. The budget's limits are in realtime-budget.e2e.test.ts.
 */
interface Balance {
  quota: number;
  used_quota: number;
  request_count: number;
}

interface Row {
  quota: number;
  model_name: string;
  is_stream: boolean;
  other: string;
}

describe('realtime over WebSocket', () => {
  let rt: RealtimeFixture;

  beforeAll(async () => {
    rt = await startRealtimeFixture();
  });

  afterAll(async () => rt?.close());

  it('relays a session to the channel and bills each response.done: the charge is the sum of the usages', async () => {
    const { user, key } = await userWithKey(rt.fixture, 'voice', 1_000_000);
    const session = await rt.session(key);
    const turns = [];
    for (let i = 0; i < 3; i += 1) turns.push(await respond(session, `turn ${i}`));
    expect(turns.map((turn) => turn.text)).toEqual([REALTIME_REPLY, REALTIME_REPLY, REALTIME_REPLY]);
    expect(turns.map((turn) => turn.usage)).toMatchObject([0, 1, 2].map((i) => ({ input_tokens: realtimeUsageOf(i).input_tokens })));
    const seen = rt.upstream.sessions.at(-1);
    expect(seen?.url).toBe('/v1/realtime?model=gpt-realtime-2025-08-28');
    expect(seen?.headers.authorization).toBe('Bearer upstream-key');
    expect(seen?.received.map((event) => event.type)).toEqual(['conversation.item.create', 'response.create', 'conversation.item.create', 'response.create', 'conversation.item.create', 'response.create']);
    const expected = [0, 1, 2].map((i) => realtimeCostOf(realtimeUsageOf(i)));
    const self = await eventually(async () => {
      const balance = await user.must<Balance>('GET', '/api/user/self');
      return balance.request_count === 3 ? balance : undefined;
    }, 5000, 'three responses billed');
    expect(self.used_quota).toBe(expected.reduce((a, b) => a + b, 0));
    expect(self.quota).toBe(1_000_000 - self.used_quota);
    const rows = await eventually(async () => {
      const page = await user.must<{ items: Row[]; total: number }>('GET', '/api/log/self/?p=1&page_size=10&type=2');
      return page.total === 3 ? page : undefined;
    }, 5000, 'a log row per response');
    expect(rows.items.map((row) => row.quota).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    expect(rows.items[0]).toMatchObject({ model_name: 'gpt-realtime', is_stream: true });
    const third = realtimeUsageOf(2);
    expect(JSON.parse(rows.items.find((row) => row.quota === expected[2])?.other ?? '{}')).toMatchObject({
      audio_input: (third.input_token_details?.audio_tokens ?? 0) - (third.input_token_details?.cached_tokens_details?.audio_tokens ?? 0),
      audio_output: third.output_token_details?.audio_tokens,
      cache_tokens: third.input_token_details?.cached_tokens,
    });
    session.close();
    await eventually(async () => (seen?.closed ? true : undefined), 5000, 'the upstream session closed with the client');
  });

  it('takes the key from a browser client’s subprotocol, answering `realtime` and never the key', async () => {
    const { user, key } = await userWithKey(rt.fixture, 'browser', 1_000_000);
    const opened = await rawUpgrade(`${rt.ws}?model=gpt-realtime-az`, { protocols: ['realtime', `openai-insecure-api-key.${key}`, 'openai-beta.realtime-v1'] });
    if (!('socket' in opened)) throw new Error(`refused: ${opened.status} ${opened.body}`);
    const socket: WebSocket = opened.socket;
    expect(socket.protocol).toBe('realtime');
    const events: { type: string; error?: { code: string } }[] = [];
    const done = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; error?: { code: string } };
        events.push(event);
        if (event.type === 'response.done') resolve();
      }),
    );
    // An event that is not a JSON object with a type is answered with the protocol's error and goes no further.
    socket.send('{"not": "an event"}');
    socket.send(JSON.stringify({ type: 'response.create' }));
    await done;
    expect(events.find((event) => event.type === 'error')?.error?.code).toBe('invalid_event');
    const seen = rt.upstream.sessions.at(-1);
    expect(seen?.received).toEqual([{ type: 'response.create' }]);
    expect(seen?.url).toBe('/openai/v1/realtime?model=gpt-realtime-az');
    expect(seen?.headers['api-key']).toBe('upstream-key');
    expect(JSON.stringify(seen?.headers)).not.toContain(key.replace(/^sk-/, ''));
    await eventually(async () => ((await user.must<Balance>('GET', '/api/user/self')).used_quota === realtimeCostOf(realtimeUsageOf(0)) ? true : undefined), 5000, 'one response billed');
    socket.close();
  });

  it('passes a malformed upstream frame through untouched and goes on billing the responses that follow', async () => {
    const { user, key } = await userWithKey(rt.fixture, 'faulty', 1_000_000);
    const opened = await rawUpgrade(`${rt.ws}?model=gpt-realtime`, { headers: { authorization: `Bearer ${key}` } });
    if (!('socket' in opened)) throw new Error(`refused: ${opened.status} ${opened.body}`);
    const frames: string[] = [];
    const done = new Promise<void>((resolve) =>
      opened.socket.on('message', (data) => {
        const frame = String(data);
        frames.push(frame);
        if (frame !== MALFORMED_FRAME && (JSON.parse(frame) as { type: string }).type === 'response.done') resolve();
      }),
    );
    opened.socket.send(JSON.stringify({ type: 'response.create', response: { metadata: { mock: 'malformed' } } }));
    await done;
    expect(frames).toContain(MALFORMED_FRAME);
    await eventually(async () => ((await user.must<Balance>('GET', '/api/user/self')).used_quota === realtimeCostOf(realtimeUsageOf(0)) ? true : undefined), 5000, 'the response after the bad frame billed');
    opened.socket.close();
  });

  it("counts an open session among the gateway's calls in flight in the operations view until it ends", async () => {
    const { key } = await userWithKey(rt.fixture, 'inflight', 1_000_000);
    const admin = await connectLive(rt.fixture.tollgate.url, rt.fixture.root.sessionCookie());
    // The next push's count of calls in flight over the fleet (one gateway here).
    const inFlight = () => new Promise<number>((resolve) => admin.once('ops', (snapshot: { fleet: { inFlight: number }[] }) => resolve(snapshot.fleet.reduce((sum, gateway) => sum + gateway.inFlight, 0))));
    try {
      const before = await inFlight();
      const session = await rt.session(key);
      await respond(session, 'still here');
      await eventually(async () => ((await inFlight()) === before + 1 ? true : undefined), 10_000, 'the open session counted in flight');
      session.close();
      await eventually(async () => ((await inFlight()) === before ? true : undefined), 10_000, 'the ended session no longer in flight');
    } finally {
      admin.close();
    }
  });
});
