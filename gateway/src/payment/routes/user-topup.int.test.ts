import { LogType } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';

async function harnessWithCodes(quota: number, count: number) {
  const harness = await buildApiHarness();
  const root = await login(harness.app, 'root', ROOT_PASSWORD);
  const created = await root.call<string[]>('POST', '/api/redemption/', { name: 'gift', quota, count });
  return { ...harness, root, keys: created.body.data };
}

describe('POST /api/user/topup', () => {
  it('credits the code once as one QuotaGranted event (log type 1) and answers the amount', async () => {
    const { app, ledger, keys } = await harnessWithCodes(250_000, 1);
    const alice = await signUp(app, 'alice');
    const answer = await alice.call<number>('POST', '/api/user/topup', { key: keys[0] });
    expect(answer.body).toEqual({ success: true, message: '', data: 250_000 });
    const granted = ledger.ofType('QuotaGranted');
    expect(granted.map((e) => e.data)).toEqual([
      { userId: alice.userId, username: 'alice', amount: 250_000, logType: LogType.TopUp, content: '通过兑换码充值 ＄0.500000 额度', source: 'redemption' },
    ]);
    expect((await alice.call<{ quota: number }>('GET', '/api/user/self')).body.data.quota).toBe(250_000);
  });

  it('credits exactly once when fifty top-ups of one code race', async () => {
    const { app, ledger, keys } = await harnessWithCodes(100_000, 1);
    const alice = await signUp(app, 'alice');
    const bob = await signUp(app, 'bob');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? alice : bob).call<number>('POST', '/api/user/topup', { key: keys[0] })));
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => !r.body.success).every((r) => r.body.message === '该兑换码已被使用')).toBe(true);
    const granted = ledger.ofType('QuotaGranted');
    expect(granted).toHaveLength(1);
    expect(granted[0]?.data).toMatchObject({ amount: 100_000, logType: 1 });
  });

  it('refuses an unknown, a used or a disabled code, crediting nothing', async () => {
    const { app, ledger, root, keys } = await harnessWithCodes(10, 2);
    const alice = await signUp(app, 'alice');
    expect((await alice.call('POST', '/api/user/topup', { key: 'f'.repeat(32) })).body).toEqual({ success: false, message: '无效的兑换码' });
    expect((await alice.call('POST', '/api/user/topup', { key: '' })).body).toEqual({ success: false, message: '未提供兑换码' });
    await alice.call('POST', '/api/user/topup', { key: keys[0] });
    expect((await alice.call('POST', '/api/user/topup', { key: keys[0] })).body).toEqual({ success: false, message: '该兑换码已被使用' });
    const page = await root.call<{ items: { id: number; key: string }[] }>('GET', '/api/redemption/?p=0&page_size=10');
    const spare = page.body.data.items.find((r) => r.key === keys[1]);
    await root.call('PUT', '/api/redemption/?status_only=true', { id: spare?.id, status: 2 });
    expect((await alice.call('POST', '/api/user/topup', { key: keys[1] })).body).toEqual({ success: false, message: '该兑换码已被使用' });
    expect(ledger.ofType('QuotaGranted')).toHaveLength(1);
  });

  it('requires a signed-in user', async () => {
    const { app, keys } = await harnessWithCodes(10, 1);
    const response = await app.inject({ method: 'POST', url: '/api/user/topup', payload: { key: keys[0] } });
    expect(response.statusCode).toBe(401);
  });
});
