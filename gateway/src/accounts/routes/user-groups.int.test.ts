import { describe, expect, it } from 'vitest';
import { buildApiHarness, signUp } from '../../../test/api-app.js';

describe('GET /api/user/self/groups', () => {
  it("answers new-api's { group: { ratio, desc } }: the usable, priced groups with their ratio and label", async () => {
    const { app } = await buildApiHarness({
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 0.8 }),
      UserUsableGroups: JSON.stringify({ default: '默认分组', vip: 'vip分组', retired: '旧分组' }),
    });
    const alice = await signUp(app, 'alice');
    const { body } = await alice.call('GET', '/api/user/self/groups');
    expect(body).toEqual({ success: true, message: '', data: { default: { ratio: 1, desc: '默认分组' }, vip: { ratio: 1.5, desc: 'vip分组' } } });
  });

  it('refuses a visitor', async () => {
    const { app } = await buildApiHarness();
    const answer = await app.inject({ method: 'GET', url: '/api/user/self/groups' });
    expect(answer.json()).toMatchObject({ success: false });
  });
});
