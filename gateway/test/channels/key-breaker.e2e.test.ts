import type { BreakerNote, ChannelHealth } from '@tollgate/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlakyMock, startFlakyMock } from '../mock-upstream/openai/flaky-mock.js';
import { eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

const COOL_DOWN_MS = 500;
const KEYS = ['sk-first', 'sk-failing', 'sk-third'];
const FAILING = 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue #40, a breaker per key: a real gateway, one multi-key channel of three keys (polling) and
 * no other channel, an upstream that fails every call made with the second key. That key's
 * breaker opens alone: the channel keeps serving on its two other keys and is never skipped; once
 * the key works again one call probes it and its breaker closes. The health history names the key.
 */
describe("a multi-key channel's breaker per key", () => {
  let fixture: EmbeddedFixture;
  let upstream: FlakyMock;
  let key: string;
  let channelId: number;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    upstream = await startFlakyMock();
    upstream.failingKeys.add(KEYS[FAILING]!);
    await priceModels(fixture, { 'mock-model': 1 });
    const options = { CircuitBreakerFailureThreshold: '2', CircuitBreakerWindowSeconds: '60', CircuitBreakerCoolDownSeconds: String(COOL_DOWN_MS / 1000), CircuitBreakerMaxCoolDownSeconds: '2', RetryTimes: '0' };
    for (const [name, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key: name, value });
    const channel = { name: 'three-keys', type: 1, key: KEYS.join('\n'), base_url: upstream.url, models: 'mock-model', group: 'default' };
    [channelId] = (await fixture.root.must<number[]>('POST', '/api/channel/', { mode: 'multi_to_single', multi_key_mode: 'polling', channel })) as [number];
    ({ key } = await userWithKey(fixture, 'keys', 10_000_000));
  });

  afterAll(async () => {
    await upstream?.close();
    await fixture?.close();
  });

  const call = async () => {
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }) });
    await response.text();
    return response.status;
  };
  const keysSent = (from: number) => upstream.calls.slice(from).map((c) => c.key);
  const row = async (): Promise<ChannelHealth | undefined> => {
    const seed = await fixture.root.must<{ channels: ChannelHealth[] }>('GET', '/api/ops/');
    return seed.channels.find((channel) => channel.id === channelId);
  };
  const history = async (): Promise<BreakerNote[]> => (await row())?.breakerHistory ?? [];

  it("opens the failing key's breaker alone: the channel serves every later call on its other two keys", async () => {
    // Polling: first, failing, third, first, failing: the failing key's second failure opens its breaker.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await call());
    expect(statuses).toEqual([200, 500, 200, 200, 500]); // the upstream's own error, passed on
    const opened = await eventually(async () => (await history()).find((note) => note.change === 'opened'), 10_000, 'the key breaker opened');
    expect(opened).toMatchObject({ keyIndex: FAILING, state: 'open', reason: expect.stringContaining('httpCode 500') });
    expect((await row())?.keyBreakers).toEqual([opened]); // the operations view: that key alone held

    const before = upstream.calls.length;
    const served = [];
    for (let i = 0; i < 6; i++) served.push(await call());
    expect(served).toEqual([200, 200, 200, 200, 200, 200]); // the channel is not skipped
    expect(keysSent(before).sort()).toEqual([KEYS[0], KEYS[0], KEYS[0], KEYS[2], KEYS[2], KEYS[2]]);
    const stored = await fixture.root.must<{ status: number }>('GET', `/api/channel/${channelId}`);
    expect(stored.status).toBe(1); // its stored status untouched
  });

  it('lets one call probe the key once it works again, closes its breaker, and sends it calls again', async () => {
    upstream.failingKeys.clear();
    await sleep(COOL_DOWN_MS + 100);
    const before = upstream.calls.length;
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await call());
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(keysSent(before).filter((k) => k === KEYS[FAILING]).length).toBeGreaterThanOrEqual(2); // the probe, then in rotation again
    const notes = await eventually(async () => {
      const all = await history();
      return all.some((note) => note.change === 'closed') ? all : undefined;
    }, 10_000, 'the key breaker closed');
    expect(notes.map((note) => [note.keyIndex, note.change])).toEqual([[FAILING, 'opened'], [FAILING, 'half-open'], [FAILING, 'closed']]);
    expect(notes.at(-1)).toMatchObject({ state: 'closed', reason: 'probe answered' });
    expect((await row())?.keyBreakers).toEqual([]);
  });
});
