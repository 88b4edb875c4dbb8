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
  });

  it('needs a signed-in user', async () => {
    const { app } = await buildApiHarness();
    const response = await app.inject({ method: 'GET', url: '/api/models' });
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});
