import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { httpFrom } from '../support/clients/http-from.js';

/**
 * The client address is the socket's unless the socket is a TRUSTED_PROXIES address. Each test
 * is a real client on its own loopback address (127.0.0.x, bound with localAddress) that forges
 * X-Forwarded-For and X-Real-IP; the fixture's own setup calls come from 127.0.0.1.
 */
const LIMITS = { CRITICAL_RATE_LIMIT: '5', CRITICAL_RATE_LIMIT_DURATION: '600', GLOBAL_API_RATE_LIMIT: '40', GLOBAL_API_RATE_LIMIT_DURATION: '600' };
const ALLOWED = '203.0.113.5';
const chat = JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] });
const forged = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}`, 'x-real-ip': `198.51.100.${n}` });

async function keyAllowing(user: ConsoleClient, name: string, allowIps: string): Promise<string> {
  return (await createTokenKey(user, { name, remain_quota: 0, unlimited_quota: true, expired_time: -1, allow_ips: allowIps })).key;
}

function chatFrom(fixture: EmbeddedFixture, localAddress: string, key: string, headers: Record<string, string>) {
  return httpFrom(localAddress, `${fixture.tollgate.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body: chat,
  });
}

const loginFrom = (fixture: EmbeddedFixture, localAddress: string, headers: Record<string, string>) =>
  httpFrom(localAddress, `${fixture.tollgate.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'root', password: 'a wrong guess' }),
  });

describe('without trusted proxies, forwarded headers change nothing', () => {
  let fixture: EmbeddedFixture;
  let user: ConsoleClient;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, LIMITS);
    await addMockChannel(fixture);
    ({ user } = await userWithKey(fixture, 'erin', 1_000_000));
  });
  afterAll(async () => fixture?.close());

  it("keeps a token's allow-list to the socket's address (regression: a forged X-Forwarded-For passed it)", async () => {
    const elsewhere = await keyAllowing(user, 'elsewhere', ALLOWED);
    const refused = await chatFrom(fixture, '127.0.0.2', elsewhere, { 'x-forwarded-for': ALLOWED, 'x-real-ip': ALLOWED });
    expect(refused.status).toBe(403);
    const here = await keyAllowing(user, 'here', '127.0.0.2');
    expect((await chatFrom(fixture, '127.0.0.2', here, forged(1))).status).toBe(200);
    expect((await chatFrom(fixture, '127.0.0.3', here, { 'x-forwarded-for': '127.0.0.2' })).status).toBe(403);
  });

  it('counts sign-in attempts per real client, whatever address each claims (regression: each forged address got 20 more)', async () => {
    const answers = [];
    for (let n = 1; n <= 7; n++) answers.push((await loginFrom(fixture, '127.0.0.4', forged(n))).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await loginFrom(fixture, '127.0.0.5', forged(1))).status).toBe(200);
  });

  it('counts /api calls per real client, whatever address each claims', async () => {
    const answers = [];
    for (let n = 1; n <= 42; n++) answers.push((await httpFrom('127.0.0.6', `${fixture.tollgate.url}/api/status`, { headers: forged(n) })).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(40);
    expect(answers.slice(40)).toEqual([429, 429]);
    expect((await httpFrom('127.0.0.7', `${fixture.tollgate.url}/api/status`, { headers: forged(1) })).status).toBe(200);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1/32)', () => {
  let fixture: EmbeddedFixture;
  let user: ConsoleClient;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { ...LIMITS, TRUSTED_PROXIES: '127.0.0.1/32' });
    await addMockChannel(fixture);
    ({ user } = await userWithKey(fixture, 'finn', 1_000_000));
  });
  afterAll(async () => fixture?.close());

  it("takes the client address from the proxy's X-Forwarded-For, and from no one else's", async () => {
    const key = await keyAllowing(user, 'behind-proxy', ALLOWED);
    expect((await chatFrom(fixture, '127.0.0.1', key, { 'x-forwarded-for': ALLOWED })).status).toBe(200);
    // The proxy appends the address it saw: what the client wrote before it is not believed.
    expect((await chatFrom(fixture, '127.0.0.1', key, { 'x-forwarded-for': `${ALLOWED}, 198.51.100.1` })).status).toBe(403);
    expect((await chatFrom(fixture, '127.0.0.2', key, { 'x-forwarded-for': ALLOWED })).status).toBe(403);
  });

  it('limits each client behind the proxy on its own', async () => {
    const behind = (client: string) => loginFrom(fixture, '127.0.0.1', { 'x-forwarded-for': client });
    const answers = [];
    for (let n = 1; n <= 6; n++) answers.push((await behind('203.0.113.7')).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await behind('203.0.113.8')).status).toBe(200);
  });
});
