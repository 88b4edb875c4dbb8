import { describe, expect, it } from 'vitest';
import { statementLineSchema } from '@tollgate/analytics';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';

const range = 'start_timestamp=0&end_timestamp=4102444800';
const parse = (body: string) => body.trim().split('\n').map((line) => statementLineSchema.parse(JSON.parse(line)));

async function setUp() {
  const harness = await buildApiHarness({ QuotaForNewUser: '500000', QuotaPerUnit: '500000', Price: '7.3', 'general_setting.quota_display_type': 'CNY' });
  const alice = await signUp(harness.app, 'alice');
  const bob = await signUp(harness.app, 'bob');
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  await root.call('POST', '/api/user/manage', { id: alice.userId, action: 'add_quota', mode: 'subtract', value: 100000 });
  const get = (url: string, headers: Record<string, string>) => harness.app.inject({ method: 'GET', url, headers });
  return { ...harness, alice, bob, root, get };
}

describe('GET /api/statement and /api/statement/self', () => {
  it("gives a user their own statement only, with the admin change and the admin's id", async () => {
    const { alice, root, get } = await setUp();
    const response = await get(`/api/statement/self?format=jsonl&${range}&user_id=${root.userId}`, { cookie: alice.cookie, 'new-api-user': String(alice.userId) });
    expect(response.statusCode).toBe(200);
    const lines = parse(response.body);
    expect(new Set(lines.map((line) => line.user_id))).toEqual(new Set([alice.userId]));
    expect(lines.map((line) => [line.line, line.quota, line.actor_id])).toEqual([
      ['opening', 0, null],
      ['grant', 500000, null],
      ['admin', -100000, root.userId],
      ['closing', 400000, null],
    ]);
    expect(lines.at(-1)).toMatchObject({ credits: 500000, debits: 100000, difference: 0, usd: 0.8, money: 5.84, currency: 'CNY' });
  });

  it("refuses another user's or everyone's statement to a user, and gives it to an administrator", async () => {
    const { alice, bob, root, get } = await setUp();
    const asAlice = { cookie: alice.cookie, 'new-api-user': String(alice.userId) };
    expect((await get(`/api/statement?format=jsonl&${range}&user_id=${bob.userId}`, asAlice)).statusCode).toBe(403);
    const all = await get(`/api/statement?format=jsonl&${range}`, { cookie: root.cookie, 'new-api-user': String(root.userId) });
    expect(new Set(parse(all.body).map((line) => line.user_id))).toEqual(new Set([alice.userId, bob.userId]));
  });

  it('answers an access token (Authorization), as every /api call', async () => {
    const { bob, get } = await setUp();
    const token = (await bob.call<string>('GET', '/api/user/token')).body.data;
    const response = await get(`/api/statement/self?format=csv&${range}`, { authorization: `Bearer ${token}`, 'new-api-user': String(bob.userId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tollgate-statement-${bob.userId}-0-4102444800.csv"`);
    expect(response.body.split('\r\n')[1]).toMatch(/^\d+,bob,opening,/);
  });

  it('refuses a missing or reversed period and an unknown format with a 400 envelope', async () => {
    const { alice, get } = await setUp();
    const asAlice = { cookie: alice.cookie, 'new-api-user': String(alice.userId) };
    for (const query of ['format=csv', 'start_timestamp=600&end_timestamp=60', 'start_timestamp=0&end_timestamp=30', `format=pdf&${range}`]) {
      const response = await get(`/api/statement/self?${query}`, asAlice);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
