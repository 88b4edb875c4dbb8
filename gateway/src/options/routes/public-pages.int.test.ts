import { describe, expect, it } from 'vitest';
import { buildApiHarness, login, ROOT_PASSWORD, signUp } from '../../../test/api-app.js';

const channel = { name: 'c', type: 1, key: 'sk-x', base_url: '', group: 'default', model_mapping: '', priority: 0, weight: 0 };

describe('calls new-api\'s console makes on every page', () => {
  it('answers the legal texts to visitors, empty while none is configured', async () => {
    const { app } = await buildApiHarness();
    for (const url of ['/api/user-agreement', '/api/privacy-policy']) {
      expect((await app.inject({ method: 'GET', url })).json()).toEqual({ success: true, message: '', data: '' });
    }
  });

  it('GET /api/user/oauth/bindings: no custom OAuth provider, so an empty list, to signed-in users only', async () => {
    const { app } = await buildApiHarness();
    const amy = await signUp(app, 'amy');
    expect((await amy.call('GET', '/api/user/oauth/bindings')).body).toEqual({ success: true, message: '', data: [] });
    expect((await app.inject({ method: 'GET', url: '/api/user/oauth/bindings' })).statusCode).toBe(401);
  });

  it('GET /api/channel/models_enabled: the sorted models of enabled channels only', async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'b,a' } });
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'a,c' } });
    await root.call('POST', '/api/channel/', { mode: 'single', channel: { ...channel, models: 'off-only', status: 2 } });
    expect((await root.call('GET', '/api/channel/models_enabled')).body).toEqual({ success: true, message: '', data: ['a', 'b', 'c'] });
  });
});
