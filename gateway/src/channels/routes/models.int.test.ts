import { describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login } from '../../../test/api-app.js';

describe('GET /api/models', () => {
  it("maps each channel type to the models it is known to serve", async () => {
    const { app } = await buildApiHarness();
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { body } = await root.call<Record<string, string[]>>('GET', '/api/models');
    expect(body.success).toBe(true);
    expect(body.data['1']).toContain('gpt-4o-mini');
    expect(body.data['14']).toContain('claude-sonnet-4-20250514');
    expect(body.data['24']).toContain('gemini-2.5-pro');
    // Issue #9's types: the task actions under their priced names, Bedrock's Claude models, Cohere's three kinds.
    expect(body.data['2']).toEqual(expect.arrayContaining(['mj_imagine', 'mj_upscale', 'swap_face']));
    expect(body.data['36']).toEqual(['suno_music', 'suno_lyrics']);
    expect(body.data['33']).toContain('claude-3-5-haiku-20241022');
    expect(body.data['34']).toEqual(expect.arrayContaining(['command-r', 'embed-english-v3.0', 'rerank-english-v3.0']));
  });

  it('needs a signed-in user', async () => {
    const { app } = await buildApiHarness();
    const response = await app.inject({ method: 'GET', url: '/api/models' });
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});
