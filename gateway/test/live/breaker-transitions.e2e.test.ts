import type { Socket } from 'socket.io-client';
import type { BreakerNote, ChannelHealth } from '@tollgate/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/clients/console-client.js';
import { connectLive } from '../support/clients/live-socket.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** Nothing listens there: a channel that never answers. */
const DEAD = 'http://127.0.0.1:1';
const COOL_DOWN_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const transitionsIn = (notes: readonly BreakerNote[]) => notes.map((note) => [note.change, note.reason]);

/**
 * The operations view, seen live: a real gateway, an administrator's socket, a channel whose
 * breaker opens, is probed and closes. Every transition reaches the socket as it happens (a
 * push may carry two, when a probe is claimed and answered before the channel is read), with its
 * reason, and stays in the channel's health history that the view's seed reads.
 */
describe("a channel's breaker in the operations view", () => {
  let fixture: EmbeddedFixture;
  let admin: Socket;
  let key: string;
  let failingId: number;
  const pushes: ChannelHealth[] = [];

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await priceModels(fixture, { 'mock-model': 1 });
    const options = { CircuitBreakerFailureThreshold: '2', CircuitBreakerWindowSeconds: '60', CircuitBreakerCoolDownSeconds: String(COOL_DOWN_MS / 1000), CircuitBreakerMaxCoolDownSeconds: '2', RetryTimes: '0' };
    for (const [name, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key: name, value });
    [failingId] = (await fixture.root.must<number[]>('POST', '/api/channel/', { name: 'failing', type: 1, key: 'sk-failing', base_url: DEAD, models: 'mock-model', group: 'default', priority: 10 })) as [number];
    await fixture.root.must('POST', '/api/channel/', { name: 'backup', type: 1, key: 'sk-backup', base_url: fixture.upstream.url, models: 'mock-model', group: 'default', priority: 0 });
    ({ key } = await userWithKey(fixture, 'breaker', 10_000_000));
    admin = await connectLive(fixture.tollgate.url, fixture.root.sessionCookie());
    admin.on('ops_channel', (row: ChannelHealth) => row.id === failingId && pushes.push(row));
  });

  afterAll(async () => {
    admin?.disconnect();
    await fixture?.close();
  });

  const call = async () => {
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }) });
    await response.text();
    return response.status;
  };
  /** Every transition the pushes told, once each, in order. */
  const pushedTransitions = () => {
    const byTime = new Map<number, BreakerNote>();
    for (const row of pushes) for (const note of row.breakerHistory ?? []) byTime.set(note.at, note);
    return transitionsIn([...byTime.values()].sort((a, b) => a.at - b.at));
  };

  it('pushes the opening with its reason as it happens, and the row shows the channel open until the cool-down ends', async () => {
    expect([await call(), await call()]).toEqual([502, 502]);
    const open = await eventually(async () => pushes.find((row) => row.breaker?.change === 'opened'), 10_000, 'the opening pushed');
    expect(open.breaker).toMatchObject({ state: 'open', reason: 'no answer (connection failed or timed out)' });
    expect(open.breaker?.until).toBeGreaterThan(open.breaker?.at ?? Number.POSITIVE_INFINITY);
    expect(open.status).toBe(1); // the channel's own status untouched
    expect(await call()).toBe(200); // served by the backup meanwhile
  });

  it('pushes the probe and the closing, and the health history keeps every transition with its reason', async () => {
    await fixture.root.must('PUT', '/api/channel/', { id: failingId, base_url: fixture.upstream.url });
    await sleep(COOL_DOWN_MS + 100);
    expect(await call()).toBe(200); // the one probe, answered
    const expected = [['opened', 'no answer (connection failed or timed out)'], ['half-open', expect.any(String)], ['closed', 'probe answered']];
    await eventually(async () => (pushedTransitions().length === 3 ? true : undefined), 10_000, 'three transitions pushed');
    expect(pushedTransitions()).toEqual(expected);
    expect(pushes.at(-1)?.breaker).toMatchObject({ state: 'closed', change: 'closed' });
    const seed = await fixture.root.must<{ channels: ChannelHealth[] }>('GET', '/api/ops/');
    const row = seed.channels.find((channel) => channel.id === failingId);
    expect(transitionsIn(row?.breakerHistory ?? [])).toEqual(expected);
    expect(row?.breaker).toMatchObject({ state: 'closed', reason: 'probe answered' });
  });
});
