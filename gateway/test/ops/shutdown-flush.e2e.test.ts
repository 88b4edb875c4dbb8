import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, createTokenKey, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/**
 * Regression: closing right after a relayed call hung, because the usage event still sat in the
 * publisher's buffer when the event log closed. Now the buffer is flushed first, and a restart
 * on the same data shows the call billed.
 */
describe.each(['thread', 'loop'])('shutdown right after a call (ingestion on the %s)', (ingestion) => {
  let fixture: EmbeddedFixture;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: 3, completionTokens: 4 }, { EMBEDDED_INGESTION_THREAD: String(ingestion === 'thread') });
  });

  afterAll(async () => fixture?.close());

  it('flushes the buffered usage event before closing the event log', async () => {
    await addMockChannel(fixture);
    const jo = await userWithQuota(fixture, 'jo', 1000);
    const { key } = await createTokenKey(jo, { name: 'k', remain_quota: 1000, expired_time: -1 });
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    const closing = fixture.tollgate.close();
    const outcome = await Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 5000))]);
    expect(outcome).toBe('closed');
    fixture.tollgate = await fixture.restart();
    const again = new ConsoleClient(fixture.tollgate.url);
    await again.login('jo', 'jo-password');
    const self = await eventually(async () => {
      const view = await again.must<{ used_quota: number; request_count: number }>('GET', '/api/user/self');
      return view.request_count === 1 ? view : undefined;
    }, 5000, 'the call billed after the restart');
    expect(self.used_quota).toBe(7);
  });
});
