import { createServer } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { listenOnLoopback, sendJson } from '../../../../test/mock-upstream/listen.js';
import { ChannelStatus } from '@tollgate/wire';

const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 1 }) };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'hi' }] };

/** OpenAI's answer for an account out of credit. */
async function outOfCreditUpstream(): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    sendJson(response, 429, { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
  });
  const listening = await listenOnLoopback(server);
  onTestFinished(() => listening.close());
  return listening.url;
}

async function relayWithBrokeChannel(options: Record<string, string>) {
  const h = await buildRelayHarness({ ...PRICING, ...options });
  const user = await h.addUser({ quota: 1_000_000 });
  const { bearer } = await h.addKey(user.id);
  const broke = await h.addChannel({ models: 'test-model', priority: 10, baseUrl: await outOfCreditUpstream() });
  await h.addChannel({ models: 'test-model', priority: 0 });
  return { h, bearer, broke };
}

describe('the relay switching channels off', () => {
  it('AutomaticDisableChannelEnabled: an out-of-credit answer switches the channel off with its reason, and later calls, even successful ones, leave it off', async () => {
    const { h, bearer, broke } = await relayWithBrokeChannel({ AutomaticDisableChannelEnabled: 'true', AutomaticEnableChannelEnabled: 'true' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(429);
    const disabled = await h.deps.channels.byId(broke.id);
    expect(disabled?.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(disabled?.otherInfo ?? '{}')).toMatchObject({ status_reason: 'type insufficient_quota, httpCode 429, code insufficient_quota, message You exceeded your current quota, please check your plan and billing details.', status_time: expect.any(Number) });
    for (let call = 0; call < 2; call++) expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(200);
    // new-api brings a channel back only after a passing channel test, never on the relay's own success.
    expect((await h.deps.channels.byId(broke.id))?.status).toBe(ChannelStatus.AutoDisabled);
    expect(h.upstream.requests).toHaveLength(2);
  });

  it('AutomaticDisableChannelEnabled: off, the out-of-credit channel stays on and keeps being tried', async () => {
    const { h, bearer, broke } = await relayWithBrokeChannel({ AutomaticDisableChannelEnabled: 'false' });
    for (let call = 0; call < 2; call++) expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(429);
    expect((await h.deps.channels.byId(broke.id))?.status).toBe(ChannelStatus.Enabled);
    expect(h.upstream.requests).toHaveLength(0);
  });

  it('AutomaticDisableKeywords: an upstream message holding an operator\'s keyword switches the channel off, whatever its status', async () => {
    const { h, bearer, broke } = await relayWithBrokeChannel({ AutomaticDisableChannelEnabled: 'true', AutomaticDisableKeywords: 'Plan And Billing', AutomaticDisableStatusCodes: '' });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(429);
    expect((await h.deps.channels.byId(broke.id))?.status).toBe(ChannelStatus.AutoDisabled);
  });

  it.each([
    ['503', ChannelStatus.AutoDisabled],
    ['401', ChannelStatus.Enabled],
  ])('AutomaticDisableStatusCodes: set to %s, an overloaded upstream (503, no keyword) leaves the channel in status %i', async (codes, status) => {
    const h = await buildRelayHarness({ ...PRICING, AutomaticDisableChannelEnabled: 'true', AutomaticDisableStatusCodes: codes });
    const user = await h.addUser({ quota: 1_000_000 });
    const { bearer } = await h.addKey(user.id);
    const server = createServer((request, response) => {
      request.resume();
      sendJson(response, 503, { error: { message: 'The server is overloaded', type: 'server_error', code: null } });
    });
    const listening = await listenOnLoopback(server);
    onTestFinished(() => listening.close());
    const overloaded = await h.addChannel({ models: 'test-model', baseUrl: listening.url });
    expect((await h.post('/v1/chat/completions', bearer, chat)).statusCode).toBe(503);
    expect((await h.deps.channels.byId(overloaded.id))?.status).toBe(status);
  });
});
