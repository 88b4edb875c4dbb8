import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, type Session, signUp } from '../../../test/api-app.js';
import type { Page } from '../../api/support/paging.js';

interface RedemptionWire {
  id: number;
  user_id: number;
  key: string;
  name: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
}

async function adminHarness() {
  const harness = await buildApiHarness();
  return { ...harness, root: await login(harness.app, 'root', ROOT_PASSWORD) };
}

async function createOne(root: Session, name = 'launch', quota = 100000): Promise<RedemptionWire> {
  const created = await root.call<string[]>('POST', '/api/redemption/', { name, quota, count: 1 });
  const page = await root.call<Page<RedemptionWire>>('GET', `/api/redemption/search?keyword=${encodeURIComponent(name)}`);
  const found = page.body.data.items.find((r) => r.key === created.body.data[0]);
  if (!found) throw new Error('created code not found');
  return found;
}

describe('redemption routes', () => {
  it('creates a batch of 32-hex codes and lists them newest first, paged from 1 as new-api counts (p < 1 is the first page)', async () => {
    const { root } = await adminHarness();
    const created = await root.call<string[]>('POST', '/api/redemption/', { name: 'launch', quota: 250000, count: 3 });
    expect(created.body.success).toBe(true);
    expect(created.body.data).toHaveLength(3);
    for (const key of created.body.data) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(created.body.data).size).toBe(3);
    const page = await root.call<Page<RedemptionWire>>('GET', '/api/redemption/?p=1&page_size=2');
    expect(page.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page.body.data.items.map((r) => r.key)).toEqual([created.body.data[2], created.body.data[1]]);
    expect(page.body.data.items[0]).toMatchObject({ user_id: root.userId, name: 'launch', status: 1, quota: 250000, used_user_id: 0, redeemed_time: 0 });
    const second = await root.call<Page<RedemptionWire>>('GET', '/api/redemption/?p=2&page_size=2');
    expect(second.body.data).toMatchObject({ page: 2, total: 3 });
    expect(second.body.data.items.map((r) => r.key)).toEqual([created.body.data[0]]);
    for (const below of ['0', '-3']) {
      const first = await root.call<Page<RedemptionWire>>('GET', `/api/redemption/?p=${below}&page_size=2`);
      expect(first.body.data).toMatchObject({ page: 1 });
      expect(first.body.data.items.map((r) => r.key)).toEqual([created.body.data[2], created.body.data[1]]);
    }
  });

  it('refuses bad names, quotas and counts with new-api messages', async () => {
    const { root } = await adminHarness();
    const post = async (body: object) => (await root.call('POST', '/api/redemption/', body)).body;
    expect(await post({ name: '', quota: 1, count: 1 })).toEqual({ success: false, message: '兑换码名称长度必须在1-20之间' });
    expect((await post({ name: 'x'.repeat(21), quota: 1, count: 1 })).message).toBe('兑换码名称长度必须在1-20之间');
    expect((await post({ name: 'x', quota: 1, count: 0 })).message).toBe('兑换码个数必须大于0');
    expect((await post({ name: 'x', quota: 1, count: 101 })).message).toBe('一次兑换码批量生成的个数不能大于 100');
    expect((await post({ name: 'x', quota: 0, count: 1 })).success).toBe(false);
    expect((await post({ name: 'x', quota: 'lots', count: 1 })).message).toBe('无效的参数');
    expect((await root.call<Page<RedemptionWire>>('GET', '/api/redemption/')).body.data.total).toBe(0);
  });

  it('searches by id or name and reads one code', async () => {
    const { root } = await adminHarness();
    const spring = await createOne(root, 'spring');
    await createOne(root, 'summer');
    const byName = await root.call<Page<RedemptionWire>>('GET', '/api/redemption/search?keyword=spr');
    expect(byName.body.data.items.map((r) => r.name)).toEqual(['spring']);
    const byId = await root.call<Page<RedemptionWire>>('GET', `/api/redemption/search?keyword=${spring.id}`);
    expect(byId.body.data.items.map((r) => r.id)).toEqual([spring.id]);
    expect((await root.call<RedemptionWire>('GET', `/api/redemption/${spring.id}`)).body.data).toMatchObject({ id: spring.id, key: spring.key, name: 'spring' });
    expect((await root.call('GET', '/api/redemption/9999')).body).toEqual({ success: false, message: '兑换码不存在' });
  });

  it('edits an unused code, toggles its status, and deletes it', async () => {
    const { root } = await adminHarness();
    const code = await createOne(root);
    const edited = await root.call<RedemptionWire>('PUT', '/api/redemption/', { id: code.id, name: 'renamed', quota: 42 });
    expect(edited.body.data).toMatchObject({ name: 'renamed', quota: 42, status: 1 });
    const off = await root.call<RedemptionWire>('PUT', '/api/redemption/?status_only=true', { id: code.id, status: 2 });
    expect(off.body.data.status).toBe(2);
    expect((await root.call('PUT', '/api/redemption/', { id: code.id, name: 'again' })).body.success).toBe(false);
    const on = await root.call<RedemptionWire>('PUT', '/api/redemption/?status_only=true', { id: code.id, status: 1 });
    expect(on.body.data.status).toBe(1);
    expect((await root.call('PUT', '/api/redemption/?status_only=true', { id: code.id, status: 3 })).body).toEqual({ success: false, message: '无效的参数' });
    expect((await root.call('DELETE', `/api/redemption/${code.id}/`)).body.success).toBe(true);
    expect((await root.call('GET', `/api/redemption/${code.id}`)).body.success).toBe(false);
    expect((await root.call('DELETE', `/api/redemption/${code.id}/`)).body.success).toBe(false);
  });

  it('never edits nor re-enables a used code', async () => {
    const { app, root } = await adminHarness();
    const code = await createOne(root);
    const alice = await signUp(app, 'alice');
    expect((await alice.call('POST', '/api/user/topup', { key: code.key })).body.success).toBe(true);
    const used = await root.call<RedemptionWire>('GET', `/api/redemption/${code.id}`);
    expect(used.body.data).toMatchObject({ status: 3, used_user_id: alice.userId });
    expect(used.body.data.redeemed_time).toBeGreaterThan(0);
    expect((await root.call('PUT', '/api/redemption/?status_only=true', { id: code.id, status: 1 })).body.success).toBe(false);
    expect((await root.call('PUT', '/api/redemption/', { id: code.id, quota: 1 })).body.success).toBe(false);
    expect((await root.call<RedemptionWire>('GET', `/api/redemption/${code.id}`)).body.data).toMatchObject({ status: 3, quota: 100000 });
  });

  it('keeps ordinary users out of every redemption route (403)', async () => {
    const { app, root } = await adminHarness();
    const code = await createOne(root);
    const alice = await signUp(app, 'alice');
    const attempts: [string, string, object?][] = [
      ['GET', '/api/redemption/'],
      ['GET', '/api/redemption/search?keyword=launch'],
      ['GET', `/api/redemption/${code.id}`],
      ['POST', '/api/redemption/', { name: 'mine', quota: 1, count: 1 }],
      ['PUT', '/api/redemption/', { id: code.id, name: 'mine' }],
      ['PUT', '/api/redemption/?status_only=true', { id: code.id, status: 2 }],
      ['DELETE', `/api/redemption/${code.id}/`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await alice.call(method as 'GET', url, body);
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.success).toBe(false);
    }
    expect((await root.call<RedemptionWire>('GET', `/api/redemption/${code.id}`)).body.data).toMatchObject({ name: 'launch', status: 1 });
  });
});
