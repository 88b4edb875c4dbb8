import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaySign } from '../../src/payment/epay.js';
import { type EpayMock, startEpayMock } from '../mock-upstream/services/epay-mock.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/**
 * Login CSRF and cross-site writes, as an attacker's page would try them against a real
 * gateway: a form that signs the victim's browser into the attacker's account, and writes riding
 * the victim's session. The console's own calls, calls without any origin, and the payment
 * provider's form-posted notice must keep working.
 */
const EVIL = 'http://evil.example';
const LISTED = 'https://admin.example';
const PID = '1001';
const KEY = 'epay-merchant-key';
const loginForm = new URLSearchParams({ username: 'root', password: '123456' }).toString();

interface Answer {
  status: number;
  body: { success: boolean; message: string };
  cookies: string[];
}

describe('cross-origin writes to /api', () => {
  let fixture: EmbeddedFixture;
  let epay: EpayMock;
  let own: string;

  /** A call as a browser would make it: its headers, root's session cookie when `session`. */
  async function call(method: string, path: string, headers: Record<string, string>, body?: string, session = false): Promise<Answer> {
    const auth: Record<string, string> = session ? { cookie: fixture.root.sessionCookie(), 'new-api-user': String(fixture.root.userId) } : {};
    const response = await fetch(fixture.tollgate.url + path, { method, headers: { ...auth, ...headers }, body });
    return { status: response.status, body: (await response.json()) as Answer['body'], cookies: response.headers.getSetCookie() };
  }
  const json = (origin: Record<string, string>) => ({ 'content-type': 'application/json', ...origin });
  const tokenNames = async () => (await fixture.root.must<{ items: { name: string }[] }>('GET', '/api/token/?p=1&size=100')).items.map((token) => token.name);

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { CONSOLE_ALLOWED_ORIGINS: LISTED });
    own = new URL(fixture.tollgate.url).origin;
    epay = await startEpayMock(PID, KEY);
    const options = { ServerAddress: 'https://gate.example', PayAddress: epay.url, EpayId: PID, EpayKey: KEY, Price: '7.3' };
    for (const [key, value] of Object.entries(options)) await fixture.root.must('PUT', '/api/option/', { key, value });
  });

  afterAll(async () => {
    await epay?.close();
    await fixture?.close();
  });

  it('refuses a cross-site form login with 403 in the envelope, and sets no cookie', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const headers of [{ ...form, origin: EVIL }, { ...form, referer: `${EVIL}/lure.html` }, { ...form, origin: 'null' }]) {
      const answer = await call('POST', '/api/user/login', headers, loginForm);
      expect(answer, JSON.stringify(headers)).toMatchObject({ status: 403, body: { success: false }, cookies: [] });
    }
    // The same credentials as JSON from that page: refused just as well.
    const asJson = await call('POST', '/api/user/login', json({ origin: EVIL }), JSON.stringify({ username: 'root', password: '123456' }));
    expect(asJson).toMatchObject({ status: 403, cookies: [] });
  });

  it('takes no form, text or multipart body on /api even from its own origin: 415 in the envelope, no cookie', async () => {
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', loginForm],
      ['text/plain', JSON.stringify({ username: 'root', password: '123456' })],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\nroot\r\n--x--\r\n'],
    ];
    for (const [type, body] of bodies) {
      for (const origin of [{ origin: own }, {}] as Record<string, string>[]) {
        const answer = await call('POST', '/api/user/login', { 'content-type': type, ...origin }, body);
        expect(answer, type).toMatchObject({ status: 415, body: { success: false }, cookies: [] });
      }
    }
  });

  it('refuses a cross-site JSON write riding root\'s session with 403, and writes nothing', async () => {
    const before = await tokenNames();
    const create = await call('POST', '/api/token/', json({ origin: EVIL }), JSON.stringify({ name: 'planted', remain_quota: 1, expired_time: -1 }), true);
    expect(create).toMatchObject({ status: 403, body: { success: false } });
    const option = await call('PUT', '/api/option/', json({ referer: `${EVIL}/` }), JSON.stringify({ key: 'SystemName', value: 'Owned' }), true);
    expect(option.status).toBe(403);
    // Another port of the same host is another origin (SameSite would let the cookie through).
    const otherPort = new URL(own);
    otherPort.port = String(Number(otherPort.port) + 1);
    expect((await call('DELETE', '/api/user/self', { origin: otherPort.origin }, undefined, true)).status).toBe(403);
    expect(await tokenNames()).toEqual(before);
    expect((await fixture.root.must<Record<string, string>>('GET', '/api/option/')).SystemName ?? '').not.toBe('Owned');
    expect((await call('GET', '/api/user/self', { origin: EVIL }, undefined, true)).status).toBe(200); // reads stay (CORS keeps them from the page)
  });

  it('accepts the console\'s own writes, ServerAddress\'s and the listed origins\', and writes naming no origin', async () => {
    const write = (name: string, origin: Record<string, string>) => call('POST', '/api/token/', json(origin), JSON.stringify({ name, remain_quota: 1, expired_time: -1 }), true);
    expect((await write('from-own', { origin: own })).body.success).toBe(true);
    expect((await write('from-own-referer', { referer: `${own}/token` })).body.success).toBe(true);
    expect((await write('from-server-address', { origin: 'https://gate.example' })).body.success).toBe(true);
    expect((await write('from-listed', { origin: LISTED })).body.success).toBe(true);
    expect((await write('from-script', {})).body.success).toBe(true);
    expect(await tokenNames()).toEqual(expect.arrayContaining(['from-own', 'from-own-referer', 'from-server-address', 'from-listed', 'from-script']));
  });

  it('signs in from its own origin with a SameSite session cookie', async () => {
    const answer = await call('POST', '/api/user/login', json({ origin: own }), JSON.stringify({ username: 'root', password: '123456' }));
    expect(answer.body.success).toBe(true);
    const session = answer.cookies.find((cookie) => cookie.startsWith('session='));
    expect(session).toMatch(/; SameSite=(Strict|Lax)/i);
  });

  it('believes no forwarded host from a client that is not a trusted proxy', async () => {
    const forged = { origin: EVIL, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    expect((await call('POST', '/api/user/login', json(forged), JSON.stringify({ username: 'root', password: '123456' }))).status).toBe(403);
  });

  it('takes Epay\'s form-posted notice, whatever origin it names', async () => {
    const erin = fixture.root; // any signed-in user may order a top-up
    const pay = await erin.call<Record<string, string>>('POST', '/api/user/pay', { amount: 1, top_up_code: '', payment_method: 'zfb' });
    expect(pay.success).toBe(true);
    await fetch(`${epay.url}/submit.php`, { method: 'POST', body: new URLSearchParams(pay.data) });
    const submitted = epay.orders.at(-1)?.params ?? {};
    const notice = { pid: PID, trade_no: '9', out_trade_no: submitted.out_trade_no ?? '', type: 'alipay', name: submitted.name ?? '', money: submitted.money ?? '', trade_status: 'TRADE_SUCCESS' };
    const response = await fetch(`${fixture.tollgate.url}/api/user/epay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://pay.example' },
      body: new URLSearchParams({ ...notice, sign: epaySign(notice, KEY), sign_type: 'MD5' }),
    });
    expect([response.status, await response.text()]).toEqual([200, 'success']);
  });
});

describe('cross-origin writes behind a trusted proxy', () => {
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TRUSTED_PROXIES: '127.0.0.1/32' });
  });
  afterAll(() => fixture?.close());

  it('takes the forwarded host and scheme as the console\'s own origin, and no other', async () => {
    const login = (headers: Record<string, string>) =>
      fetch(`${fixture.tollgate.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: 'root', password: '123456' }) });
    const proxied = { 'x-forwarded-host': 'gate.example', 'x-forwarded-proto': 'https' };
    expect((await login({ ...proxied, origin: 'https://gate.example' })).status).toBe(200);
    expect((await login({ ...proxied, origin: 'http://gate.example' })).status).toBe(403); // a downgrade is another origin
    expect((await login({ ...proxied, origin: new URL(fixture.tollgate.url).origin })).status).toBe(403);
    expect((await login({ ...proxied, origin: EVIL })).status).toBe(403);
  });
});
