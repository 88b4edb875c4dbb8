import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../test/fakes/relay-harness.js';
import { channelHealthOf } from '../../ops/channel-health.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than a failure's report, which runs beside the call. */
const REPORTED_MS = 30;
const CHAT = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
/** Nothing listens there: a channel that never answers. */
const DEAD = 'http://127.0.0.1:1';

describe('the circuit breaker in the relay', () => {
  it('CircuitBreakerFailureThreshold, CircuitBreakerWindowSeconds, CircuitBreakerCoolDownSeconds, CircuitBreakerMaxCoolDownSeconds: a failing channel is skipped after the threshold, one probe goes after the cool-down, its failure reopens and its success closes', async () => {
    const h = await buildRelayHarness({ CircuitBreakerFailureThreshold: '2', CircuitBreakerWindowSeconds: '60', CircuitBreakerCoolDownSeconds: '0.3', CircuitBreakerMaxCoolDownSeconds: '1', RetryTimes: '0' });
    const user = await h.addUser({ quota: 10_000_000 });
    const { bearer } = await h.addKey(user.id);
    const failing = await h.addChannel({ baseUrl: DEAD, priority: 10, key: 'sk-failing' });
    await h.addChannel({ priority: 0, key: 'sk-backup' });
    const call = async () => {
      const response = await h.post('/v1/chat/completions', bearer, CHAT);
      await sleep(REPORTED_MS);
      return response.statusCode;
    };
    const transitions: string[] = [];
    h.deps.breakers.subscribe((t) => transitions.push(`${t.channelId}:${t.change}`));
    const healthNotices: (number | undefined)[] = [];
    h.deps.notices.subscribe((kind, id) => kind === 'channelHealth' && healthNotices.push(id));

    expect([await call(), await call()]).toEqual([502, 502]); // the higher priority, failing twice: open
    expect(transitions).toEqual([`${failing.id}:opened`]);
    expect([await call(), await call()]).toEqual([200, 200]); // skipped while open
    expect(h.upstream.requests.map((r) => r.authorization)).toEqual(['Bearer sk-backup', 'Bearer sk-backup']);
    expect((await h.deps.channels.byId(failing.id))?.status).toBe(1); // its stored status untouched

    await sleep(300);
    expect(await call()).toBe(502); // the one probe, failed: reopened for 0.6 s
    expect(transitions.slice(1)).toEqual([`${failing.id}:half-open`, `${failing.id}:reopened`]);
    expect(await call()).toBe(200);

    await h.deps.channels.update(failing.id, { baseUrl: h.upstream.url });
    h.deps.notices.publish('channels', failing.id);
    await sleep(600);
    expect(await call()).toBe(200); // the probe, answered: closed
    expect(await call()).toBe(200);
    expect(transitions.slice(3)).toEqual([`${failing.id}:half-open`, `${failing.id}:closed`]);
    expect(h.upstream.requests.map((r) => r.authorization).slice(-2)).toEqual(['Bearer sk-failing', 'Bearer sk-failing']);

    // Each transition, with its reason, in the channel's health history and its operations row.
    const stored = await h.deps.channels.byId(failing.id);
    const info = JSON.parse(stored?.otherInfo ?? '{}') as { breaker_history: { change: string; reason: string }[] };
    expect(info.breaker_history.map((note) => note.change)).toEqual(['opened', 'half-open', 'reopened', 'half-open', 'closed']);
    expect(info.breaker_history[0]?.reason).toBe('no answer (connection failed or timed out)');
    expect(channelHealthOf(stored!).breaker).toMatchObject({ state: 'closed', change: 'closed', reason: 'probe answered' });
    expect(healthNotices.filter((id) => id === failing.id)).toHaveLength(5);
  });

  it('CircuitBreakerFailureThreshold 0 (the default): nothing is counted, a failing channel stays in rotation', async () => {
    const h = await buildRelayHarness({ RetryTimes: '0' });
    const user = await h.addUser({ quota: 10_000_000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ baseUrl: DEAD, priority: 10 });
    await h.addChannel({ priority: 0 });
    const transitions: unknown[] = [];
    h.deps.breakers.subscribe((t) => transitions.push(t));
    for (let i = 0; i < 5; i++) expect((await h.post('/v1/chat/completions', bearer, CHAT)).statusCode).toBe(502);
    expect(transitions).toEqual([]);
  });

  it("a multi-key channel: each failing key's breaker opens alone, the next call takes another key, and the channel is skipped once every key is open", async () => {
    const h = await buildRelayHarness({ CircuitBreakerFailureThreshold: '1', CircuitBreakerWindowSeconds: '60', CircuitBreakerCoolDownSeconds: '60', RetryTimes: '0' });
    const user = await h.addUser({ quota: 10_000_000 });
    const { bearer } = await h.addKey(user.id);
    const channelInfo = JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling' });
    const keyed = await h.addChannel({ baseUrl: DEAD, priority: 10, key: 'sk-zero\nsk-one', channelInfo });
    await h.addChannel({ priority: 0, key: 'sk-backup' });
    const transitions: string[] = [];
    h.deps.breakers.subscribe((t) => transitions.push(`${t.channelId}:${t.keyIndex ?? '-'}:${t.change}`));
    const call = async () => {
      const response = await h.post('/v1/chat/completions', bearer, CHAT);
      await sleep(REPORTED_MS);
      return response.statusCode;
    };
    expect(await call()).toBe(502);
    expect(transitions).toEqual([`${keyed.id}:0:opened`]);
    expect(await call()).toBe(502); // key 1 still taken: the channel stays in rotation
    expect(transitions).toEqual([`${keyed.id}:0:opened`, `${keyed.id}:1:opened`]);
    expect([await call(), await call()]).toEqual([200, 200]); // every key open: the backup serves
    expect(h.upstream.requests.map((r) => r.authorization)).toEqual(['Bearer sk-backup', 'Bearer sk-backup']);
  });
});
