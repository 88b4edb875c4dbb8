import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';

describe('GET /api/ratio_config', () => {
  it('ExposeRatioEnabled: off answers 403 with new-api\'s message; on shows the saved ratio maps and prices to anyone', async () => {
    const ratios = { ModelRatio: { 'm-1': 2.5 }, CompletionRatio: { 'm-1': 4 }, CacheRatio: { 'm-1': 0.1 }, CreateCacheRatio: { 'm-1': 1.25 }, ModelPrice: { 'task-1': 0.02 } };
    const { app } = await buildApiHarness(Object.fromEntries(Object.entries(ratios).map(([key, map]) => [key, JSON.stringify(map)])));
    const closed = await app.inject({ method: 'GET', url: '/api/ratio_config' });
    expect([closed.statusCode, closed.json()]).toEqual([403, { success: false, message: '倍率配置接口未启用' }]);
    const root = await login(app, 'root', ROOT_PASSWORD);
    expect((await root.call('PUT', '/api/option/', { key: 'ExposeRatioEnabled', value: 'true' })).body.success).toBe(true);
    const open = await app.inject({ method: 'GET', url: '/api/ratio_config' });
    expect(open.json()).toEqual({
      success: true, message: '',
      data: { model_ratio: ratios.ModelRatio, completion_ratio: ratios.CompletionRatio, cache_ratio: ratios.CacheRatio, create_cache_ratio: ratios.CreateCacheRatio, model_price: ratios.ModelPrice },
    });
  });
});
