import { describe, expect, it } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';

describe('GET /v1/models/{id}', () => {
  it('finds a model whose name has slashes, and 404s one the key may not use', async () => {
    const h = await buildRelayHarness();
    const user = await h.addUser({ quota: 1000 });
    const { bearer } = await h.addKey(user.id);
    await h.addChannel({ models: 'deepseek-ai/DeepSeek-V3,plain-model' });
    const get = (id: string) => h.app.inject({ method: 'GET', url: `/v1/models/${id}`, headers: { authorization: bearer } });
    const found = await get('deepseek-ai/DeepSeek-V3');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: 'deepseek-ai/DeepSeek-V3', object: 'model' });
    expect((await get('plain-model')).json()).toMatchObject({ id: 'plain-model' });
    const missing = await get('deepseek-ai/other');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'model_not_found' } });
  });
});
