import { newEventMetadata } from '@tollgate/ledger';
import { describe, expect, it, vi } from 'vitest';
import { buildRelayHarness } from '../../../../test/fakes/relay-harness.js';
import { LOOPBACK_FETCH_ALLOWED, startWebhookReceiver } from '../../../../test/support/webhook-receiver.js';

/** Every call costs (5 prompt + 7 completion x 2) x 2.5 = 48 with the mock upstream's usage. */
const PRICING = { ModelRatio: JSON.stringify({ 'test-model': 2.5 }), CompletionRatio: JSON.stringify({ 'test-model': 2 }), PreConsumedQuota: '0', ServerAddress: 'https://gw.example' };
const chat = { model: 'test-model', messages: [{ role: 'user', content: 'Say hello' }] };
const SECRET = 'whsec-user-7';

async function userWithWebhook(url: string, quota: number, fetchSetting: Record<string, string> = LOOPBACK_FETCH_ALLOWED) {
  const h = await buildRelayHarness({ ...PRICING, ...fetchSetting });
  const user = await h.addUser({ quota });
  await h.deps.users.update(user.id, { setting: JSON.stringify({ notify_type: 'webhook', quota_warning_threshold: 900, webhook_url: url, webhook_secret: SECRET }) });
  const { bearer } = await h.addKey(user.id);
  await h.addChannel({ models: 'test-model' });
  return { h, user, call: () => h.post('/v1/chat/completions', bearer, chat) };
}

describe('the quota warning webhook (notify_type webhook)', () => {
  it("posts new-api's payload, signed with the user's secret, retries a failed attempt after a backoff, and sends once per crossing", async () => {
    const receiver = await startWebhookReceiver(SECRET, 1);
    const { h, user, call } = await userWithWebhook(receiver.url, 920);
    expect((await call()).statusCode).toBe(200); // 920 -> 872: crosses 900
    await vi.waitFor(() => expect(receiver.attempts).toHaveLength(2), { timeout: 5_000 });
    const [failed, retried] = receiver.attempts;
    expect(retried?.body).toBe(failed?.body); // the same signed body, tried again
    expect((retried?.at ?? 0) - (failed?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect(receiver.delivered()).toHaveLength(1);
    const payload = JSON.parse(retried?.body ?? '{}');
    expect(payload).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: "您的额度即将用尽，当前剩余额度为 872，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gw.example/topup'>https://gw.example/topup</a>",
      values: ['您的额度即将用尽', 872, 'https://gw.example/topup', 'https://gw.example/topup'],
      timestamp: expect.any(Number),
    });

    await call(); // 872 -> 824: still below, no second notice
    await h.usageEvents();
    const topUp = { userId: user.id, username: user.username, amount: 200, logType: 1 as const, content: 'top-up' };
    await h.ledger.eventLog.append([{ type: 'QuotaGranted', data: topUp, metadata: newEventMetadata() }]); // 824 -> 1024
    await h.usageEvents();
    await call(); // 1024 -> 976
    await call(); // 976 -> 928
    await call(); // 928 -> 880: a new crossing, a new notice
    await vi.waitFor(() => expect(receiver.delivered()).toHaveLength(2), { timeout: 5_000 });
    expect(JSON.parse(receiver.delivered()[1]?.body ?? '{}').values[1]).toBe(880);
    expect(receiver.attempts).toHaveLength(3);
  });

  it('a receiver checking the signature refuses a body signed with another secret, so the wrong secret is never delivered', async () => {
    const receiver = await startWebhookReceiver('someone-else');
    const { call } = await userWithWebhook(receiver.url, 920);
    await call();
    await vi.waitFor(() => expect(receiver.attempts.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(receiver.delivered()).toEqual([]);
  });

  describe('fetch_setting.enable_ssrf_protection: a webhook aimed at the gateway\'s own network is refused, and the call is still billed', () => {
    it('fetch_setting.allow_private_ip off: a loopback address, written as an IP or as a name resolving to it, gets no request', async () => {
      const receiver = await startWebhookReceiver(SECRET);
      const port = new URL(receiver.url).port;
      for (const url of [receiver.url, `http://localhost:${port}/`]) {
        const { h, user, call } = await userWithWebhook(url, 920, { 'fetch_setting.allowed_ports': '[]' });
        expect((await call()).statusCode).toBe(200);
        await h.usageEvents();
        expect((await h.deps.balances.users([user.id]))[0]?.quota).toBe(872);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // past the first retry's wait: nothing may arrive late
      expect(receiver.attempts).toEqual([]);
    });

    it('fetch_setting.allowed_ports: the default list (80, 443, 8080, 8443) refuses a high port even with private addresses allowed', async () => {
      const receiver = await startWebhookReceiver(SECRET);
      const { call } = await userWithWebhook(receiver.url, 920, { 'fetch_setting.allow_private_ip': 'true' });
      expect((await call()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(receiver.attempts).toEqual([]);
    });

    it('the protection off delivers to loopback as before', async () => {
      const receiver = await startWebhookReceiver(SECRET);
      const { call } = await userWithWebhook(receiver.url, 920, { 'fetch_setting.enable_ssrf_protection': 'false' });
      await call();
      await vi.waitFor(() => expect(receiver.delivered()).toHaveLength(1), { timeout: 5_000 });
    });
  });
});
