import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithKey } from '../support/gateways/embedded-fixture.js';
import { eventually } from '../support/clients/console-client.js';
import { rawUpgrade, respond } from '../support/clients/realtime-client.js';
import { type RealtimeFixture, realtimeCostOf, realtimeUsageOf, startRealtimeFixture } from '../support/gateways/realtime-fixture.js';

/** A realtime session's money: it never spends past the balance, alone or beside others; refusals cost nothing. */
interface Balance {
  quota: number;
  used_quota: number;
  request_count: number;
}

const cost = (i: number) => realtimeCostOf(realtimeUsageOf(i));

describe('realtime budget and refusals', () => {
  let rt: RealtimeFixture;

  beforeAll(async () => {
    rt = await startRealtimeFixture();
  });

  afterAll(async () => rt?.close());

  it('ends a session that outlives its balance with the protocol’s error event and a clean close, never below zero', async () => {
    const quota = cost(0) + cost(1) + Math.floor(cost(2) / 2);
    const { user, key } = await userWithKey(rt.fixture, 'short', quota);
    const session = await rt.session(key);
    const errors: { code?: string; type?: string }[] = [];
    session.on('error', (error) => errors.push((error as { error?: { code?: string; type?: string } }).error ?? {}));
    const closed = new Promise<number>((resolve) => session.socket.once('close', (code) => resolve(code)));
    await respond(session, 'one');
    await respond(session, 'two');
    session.send({ type: 'response.create' });
    expect(await closed).toBe(1000);
    expect(errors).toEqual([expect.objectContaining({ type: 'insufficient_quota', code: expect.stringMatching(/^(insufficient_user_quota|token_quota_exhausted)$/) })]);
    const self = await eventually(async () => {
      const balance = await user.must<Balance>('GET', '/api/user/self');
      return balance.request_count === 3 ? balance : undefined;
    }, 5000, 'three charges');
    expect(self).toMatchObject({ quota: 0, used_quota: quota });
    // No new session opens on an empty balance.
    expect(await rawUpgrade(`${rt.ws}?model=gpt-realtime`, { headers: { authorization: `Bearer ${key}` } })).toMatchObject({ status: 403 });
  });

  it('opens sessions side by side on one small balance only as far as it holds: the first holds it all, the others are refused, and it is spent to exactly zero', async () => {
    // A session holds a response's worst case (a full context of audio), far more than this balance: the first takes it all.
    const quota = Math.floor(cost(0) * 2.5);
    const { user, key } = await userWithKey(rt.fixture, 'crowd', quota);
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => rt.session(key)));
    const sessions = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(sessions).toHaveLength(1);
    expect(refused).toEqual(Array.from({ length: 3 }, () => expect.stringContaining('403')));
    const [session] = sessions;
    if (!session) throw new Error('no session opened');
    session.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => session.socket.once('close', () => resolve()));
    for (let i = 0; i < 5 && session.socket.readyState === session.socket.OPEN; i += 1) await Promise.race([respond(session, `turn ${i}`), closed]);
    await closed;
    const self = await eventually(async () => {
      const balance = await user.must<Balance>('GET', '/api/user/self');
      return balance.request_count === 3 ? balance : undefined;
    }, 5000, 'two responses paid in full and the third with what was left');
    expect(self).toMatchObject({ quota: 0, used_quota: quota });
  });

  it('refuses a bad key, a missing or unknown model, a model no realtime channel serves, an upstream refusal, and a plain GET, in OpenAI’s error shape, charging nothing', async () => {
    const { user, key } = await userWithKey(rt.fixture, 'refused', 1_000_000);
    const auth = { authorization: `Bearer ${key}` };
    const sessionsBefore = rt.upstream.sessions.length;
    const badKey = await rawUpgrade(`${rt.ws}?model=gpt-realtime`, { headers: { authorization: 'Bearer sk-not-a-key' } });
    expect(badKey).toMatchObject({ status: 401 });
    expect(JSON.parse((badKey as { body: string }).body)).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(await rawUpgrade(rt.ws, { headers: auth })).toMatchObject({ status: 400 });
    const unknown = await rawUpgrade(`${rt.ws}?model=gpt-9-realtime`, { headers: auth });
    expect(unknown).toMatchObject({ status: 503 });
    expect(JSON.parse((unknown as { body: string }).body)).toMatchObject({ error: { code: 'model_not_found' } });
    expect(await rawUpgrade(`${rt.ws}?model=claude-voice`, { headers: auth })).toMatchObject({ status: 503 });
    const refusedUpstream = await rawUpgrade(`${rt.ws}?model=gpt-realtime-badkey`, { headers: auth });
    expect(refusedUpstream).toMatchObject({ status: 401 });
    expect(JSON.parse((refusedUpstream as { body: string }).body)).toMatchObject({ error: { message: 'Incorrect API key provided', code: 'upstream_error' } });
    const plain = await fetch(`${rt.base}/realtime?model=gpt-realtime`, { headers: auth });
    expect(plain.status).toBe(426);
    expect(rt.upstream.sessions.length).toBe(sessionsBefore);
    // The session that opened no upstream gave its hold back: the whole balance is there for a call.
    const self = await user.must<Balance>('GET', '/api/user/self');
    expect(self).toMatchObject({ quota: 1_000_000, used_quota: 0 });
    const full = await rt.session(key);
    await respond(full, 'after the refusals');
    await eventually(async () => ((await user.must<Balance>('GET', '/api/user/self')).used_quota === cost(0) ? true : undefined), 5000, 'the next session billed');
  });

  it('counts a session as one request to the per-user model request limits; one that did not open is given back', async () => {
    const setOption = (key: string, value: string) => rt.fixture.root.must('PUT', '/api/option/', { key, value });
    await setOption('ModelRequestRateLimitSuccessCount', '2');
    await setOption('ModelRequestRateLimitEnabled', 'true');
    try {
      const { key } = await userWithKey(rt.fixture, 'limited', 1_000_000);
      const auth = { headers: { authorization: `Bearer ${key}` } };
      expect(await rawUpgrade(`${rt.ws}?model=gpt-realtime-badkey`, auth)).toMatchObject({ status: 401 });
      await rt.session(key);
      await rt.session(key);
      const refused = await rawUpgrade(`${rt.ws}?model=gpt-realtime`, auth);
      expect(refused).toMatchObject({ status: 429 });
      expect(JSON.parse((refused as { body: string }).body).error.message).toContain('2');
    } finally {
      await setOption('ModelRequestRateLimitEnabled', 'false');
    }
  });
});
