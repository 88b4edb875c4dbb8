import { describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';

const MASKED = /^[A-Za-z0-9]{4}\*{10}[A-Za-z0-9]{4}$/;

describe('token answers mask the key as new-api (issue #25)', () => {
  it('create, list, search, read and update carry no full key; the reveal gives it to the owner only', async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    const bob = await signUp(app, 'bob');
    const created = await amy.call<{ id: number; key: string }>('POST', '/api/token/', { name: 'masked', remain_quota: 10 });
    const { id } = created.body.data;
    const revealed = await amy.call<{ key: string }>('POST', `/api/token/${id}/key`);
    const key = revealed.body.data.key;
    expect(key).toMatch(/^[A-Za-z0-9]{48}$/);

    const answers = [
      created,
      await amy.call('GET', '/api/token/?p=1&size=10'),
      await amy.call('GET', '/api/token/search?keyword=masked'),
      await amy.call('GET', `/api/token/search?token=sk-${key}`),
      await amy.call('GET', `/api/token/${id}`),
      await amy.call('PUT', '/api/token/', { id, name: 'renamed' }),
      await amy.call('PUT', '/api/token/?status_only=true', { id, status: 2 }),
    ];
    for (const answer of answers) {
      expect(answer.body.success).toBe(true);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(key.slice(4, -4));
      expect(text).toContain(`"key":"${key.slice(0, 4)}**********${key.slice(-4)}"`);
    }
    expect(created.body.data.key).toMatch(MASKED);

    expect((await bob.call('POST', `/api/token/${id}/key`)).body).toEqual({ success: false, message: '令牌不存在' });
    expect(JSON.stringify((await bob.call('GET', `/api/token/search?token=sk-${key}`)).body)).not.toContain(key.slice(0, 4) + '*');
  });
});
