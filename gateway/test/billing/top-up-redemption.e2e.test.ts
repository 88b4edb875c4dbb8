import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/** Redemption codes, and topping up with them exactly once, on the real embedded server. */
const QUOTA = 250_000;

describe('redemption codes and top-up', () => {
  let fixture: EmbeddedFixture;
  let mia: ConsoleClient;
  let ned: ConsoleClient;
  let keys: string[];

  const quotaOf = async (user: ConsoleClient) => (await user.must<{ quota: number }>('GET', '/api/user/self')).quota;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    mia = await userWithQuota(fixture, 'mia', 0);
    ned = await userWithQuota(fixture, 'ned', 0);
  });

  afterAll(async () => fixture?.close());

  it('lets an administrator create a batch of 32-hex codes, with the spec’s checks', async () => {
    keys = await fixture.root.must<string[]>('POST', '/api/redemption/', { name: 'launch', quota: QUOTA, count: 3 });
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await fixture.root.call('POST', '/api/redemption/', { name: '', quota: 1, count: 1 })).message).toBe('兑换码名称长度必须在1-20之间');
    expect((await fixture.root.call('POST', '/api/redemption/', { name: 'x', quota: 1, count: 101 })).message).toBe('一次兑换码批量生成的个数不能大于 100');
    const page = await fixture.root.must<{ items: { key: string; status: number }[]; total: number }>('GET', '/api/redemption/?p=0&page_size=10');
    expect(page.total).toBe(3);
    expect(page.items.every((r) => r.status === 1)).toBe(true);
  });

  it('refuses redemption management to an ordinary user', async () => {
    const response = await mia.send('POST', '/api/redemption/', { name: 'mine', quota: 1, count: 1 });
    expect(response.status).toBe(403);
  });

  it('tops up by a code, as a ledger event with a type 1 log row', async () => {
    expect(await mia.must<number>('POST', '/api/user/topup', { key: keys[0] })).toBe(QUOTA);
    expect(await quotaOf(mia)).toBe(QUOTA);
    const logs = await eventually(async () => {
      const page = await mia.must<{ items: { type: number; content: string }[] }>('GET', '/api/log/self/?p=1&page_size=10&type=1');
      return page.items.length === 1 ? page : undefined;
    }, 5000, 'the top-up row');
    expect(logs.items[0]?.content).toBe('通过兑换码充值 ＄0.500000 额度');
  });

  it('credits a code exactly once when fifty redemptions race', async () => {
    const attempts = Array.from({ length: 50 }, (_, i) => (i % 2 ? mia : ned).call<number>('POST', '/api/user/topup', { key: keys[1] }));
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).every((r) => r.message === '该兑换码已被使用')).toBe(true);
    expect((await quotaOf(mia)) + (await quotaOf(ned))).toBe(2 * QUOTA);
  });

  it('refuses an unknown or disabled code, and never re-enables a used one', async () => {
    expect((await mia.call('POST', '/api/user/topup', { key: 'f'.repeat(32) })).message).toBe('无效的兑换码');
    const { items } = await fixture.root.must<{ items: { id: number; key: string }[] }>('GET', '/api/redemption/?p=0&page_size=10');
    const spare = items.find((r) => r.key === keys[2]);
    await fixture.root.must('PUT', '/api/redemption/?status_only=true', { id: spare?.id, status: 2 });
    expect((await mia.call('POST', '/api/user/topup', { key: keys[2] })).message).toBe('该兑换码已被使用');
    const used = items.find((r) => r.key === keys[0]);
    expect((await fixture.root.call('PUT', '/api/redemption/?status_only=true', { id: used?.id, status: 1 })).success).toBe(false);
  });
});
