import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { type GatewayProcess, type RoleProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * The operations view (/ops) in Chromium, on gateway A of a cluster of two gateways and a ledger
 * on Kafka, MongoDB-wire and Redis: calls, errors and an automatic switch-off made through either
 * gateway show on it, pushed, within a second of the call's answer (measured from the answer to
 * the page showing it); non-admins get none of it.
 */
const cluster = new ClusterRun(requiredClusterEngines());
const SHOTS = '/tmp/shots-ops';
/** The promise: a call's row, and its effect on every chart, appear within a second of its answer. */
const WITHIN_MS = 1_000;
/** How long a watch waits before the test gives up (the assertion on the measured time is WITHIN_MS). */
const GIVE_UP_MS = 10_000;
const measured: Record<string, number> = {};

/** What the page must show: an element's text, part of it, a count of elements, or a chart's series sum. */
type Shown = { text: string } | { contains: string } | { count: number } | { seriesSum: number };

/**
 * Watches the page from now for `shown` at `selector`, checked at every frame in the page
 * itself; resolves with the browser's clock when it first held (the same machine's clock as the
 * test's), so the time measured is the page's, not a poll's.
 */
function watch(page: Page, selector: string, shown: Shown): () => Promise<number> {
  const handle = page.waitForFunction(([sel, want]) => {
    const nodes = document.querySelectorAll(sel);
    const first = nodes[0];
    const ok = 'count' in want ? nodes.length === want.count
      : 'text' in want ? first?.textContent === want.text
        : 'contains' in want ? (first?.textContent ?? '').includes(want.contains)
          : (JSON.parse(first?.getAttribute('data-series') ?? '[]') as { data: number[] }[])[0]?.data.reduce((sum, n) => sum + n, 0) === want.seriesSum;
    return ok ? Date.now() : 0;
  }, [selector, shown] as const, { polling: 'raf', timeout: GIVE_UP_MS });
  handle.catch(() => {}); // awaited in turn below; a failure is reported there, not as unhandled
  return async () => (await (await handle).jsonValue()) as number;
}

/** The ms from `answeredAt` to each watch's showing, kept for the report; asserts none took over WITHIN_MS. */
async function expectShownWithin(answeredAt: number, watches: Record<string, () => Promise<number>>): Promise<void> {
  for (const [what, shownAt] of Object.entries(watches)) measured[what] = (await shownAt()) - answeredAt;
  const slowest = Math.max(...Object.keys(watches).map((what) => measured[what] ?? Infinity));
  expect(slowest, JSON.stringify(measured)).toBeLessThanOrEqual(WITHIN_MS);
}

describe('the operations view across two gateways', () => {
  let ledger: RoleProcess;
  let a: GatewayProcess;
  let b: GatewayProcess;
  let good: OpenAIMock;
  let flaky: OpenAIMock;
  let doomed: OpenAIMock;
  let root: ConsoleClient;
  let olga: ConsoleClient;
  let key: string;
  let browser: Browser;
  let page: Page;
  const channels: Record<string, number> = {};
  const sockets: Socket[] = [];

  const chat = (gateway: GatewayProcess, model: string) =>
    fetch(`${gateway.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  async function addChannel(name: string, upstream: OpenAIMock, model: string): Promise<void> {
    await root.must('POST', '/api/channel/', { name, type: 1, key: 'k', base_url: upstream.url, models: model, group: 'default' });
    const { items } = await root.must<{ items: { id: number; name: string }[] }>('GET', `/api/channel/search?keyword=${name}`);
    channels[name] = items.find((item) => item.name === name)?.id ?? 0;
  }

  beforeAll(async () => {
    [good, flaky, doomed] = await Promise.all([startOpenAIMock({ promptTokens: 5, completionTokens: 7 }), startOpenAIMock({ failWith: 429 }), startOpenAIMock({ failWith: 401 })]);
    ledger = startRole('ledger', cluster.roleEnv());
    [a, b] = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
    root = new ConsoleClient(a.url);
    await root.login('root', '123456');
    const ratios = JSON.stringify({ 'mock-model': 1, 'flaky-model': 1, 'doomed-model': 1 });
    for (const [name, value] of Object.entries({ ModelRatio: ratios, CompletionRatio: ratios, PreConsumedQuota: '0', RetryTimes: '0', AutomaticDisableChannelEnabled: 'true' })) {
      await root.must('PUT', '/api/option/', { key: name, value });
    }
    await addChannel('ops-good', good, 'mock-model');
    await addChannel('ops-flaky', flaky, 'flaky-model');
    await addChannel('ops-doomed', doomed, 'doomed-model');
    olga = new ConsoleClient(b.url);
    await olga.must('POST', '/api/user/register', { username: 'ops-olga', password: 'password-1', password2: 'password-1' });
    await olga.login('ops-olga', 'password-1');
    await root.must('PUT', '/api/user/', { id: olga.userId, quota: 1_000_000 });
    ({ key } = await createTokenKey(olga, { name: 'olga-key', remain_quota: 0, unlimited_quota: true, expired_time: -1 }));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 2400 } });
    await signInOnPage(page, a.url, 'root', '123456');
    await page.goto(`${a.url}/ops`);
  }, 180_000);

  afterAll(async () => {
    console.info(`ops view, ms from the answer to the page: ${JSON.stringify(measured)}`);
    for (const socket of sockets) socket.disconnect();
    await browser?.close();
    await Promise.allSettled([a?.stop(), b?.stop(), ledger?.stop()]);
    await Promise.allSettled([good?.close(), flaky?.close(), doomed?.close()]);
    cluster.removeDataDirs();
  });

  const text = (testId: string) => page.getByTestId(testId).textContent();

  it('lists both gateways, each with its version, as they report themselves', async () => {
    await expect.poll(() => page.getByTestId('ops-fleet-row').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('ops-fleet-row').allTextContents()).toEqual([expect.stringContaining('v0.1.0'), expect.stringContaining('v0.1.0')]);
    expect(await text('ops-connection')).toContain('实时');
  });

  it('counts calls made on either gateway within a second: RPM, TPM, spend, the channel, the model, the top user, the chart and the log tail', async () => {
    const watches = {
      rpm: watch(page, '[data-testid=ops-rpm]', { text: '5' }),
      'calls chart': watch(page, '[data-testid=ops-chart-calls]', { seriesSum: 5 }),
      'channel row': watch(page, `[data-testid=ops-channels-row][data-key="${channels['ops-good']}"] [data-testid=calls]`, { text: '5' }),
      'model row': watch(page, '[data-testid=ops-models-row][data-key="mock-model"] [data-testid=calls]', { text: '5' }),
      'top user': watch(page, '[data-testid=ops-top-users-row]', { contains: 'ops-olga' }),
      'log rows': watch(page, '[data-testid=ops-tail-row]', { count: 5 }),
    };
    const answers = await Promise.all([chat(b, 'mock-model'), chat(b, 'mock-model'), chat(b, 'mock-model'), chat(a, 'mock-model'), chat(a, 'mock-model')]);
    const answeredAt = Date.now();
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await expectShownWithin(answeredAt, watches);
    expect(await text('ops-tpm')).toBe(String(5 * 12));
    expect(await text('ops-error-rate')).toBe('0.0%');
    expect(await page.getByTestId('ops-top-tokens-row').first().textContent()).toContain('olga-key');
    expect(await page.getByTestId('ops-tail-row').first().textContent(), 'the pushed row names its channel').toContain('ops-good');
  });

  it('shows errors by status and the error rate, and the tail pauses without losing rows', async () => {
    await page.getByTestId('ops-tail-pause').click();
    const watches = {
      'errors by status': watch(page, `[data-testid=ops-channels-row][data-key="${channels['ops-flaky']}"] [data-testid=errors]`, { text: '429×2' }),
      // Each gateway reports on its own clock: the three calls may reach the page in two pushes.
      'error rate': watch(page, '[data-testid=ops-error-rate]', { text: `${((2 / 8) * 100).toFixed(1)}%` }),
      'paused row': watch(page, '[data-testid=ops-tail-waiting]', { contains: '1' }),
    };
    const answers = await Promise.all([chat(b, 'flaky-model'), chat(a, 'flaky-model'), chat(b, 'mock-model')]);
    const answeredAt = Date.now();
    expect(answers.map((answer) => answer.status)).toEqual([429, 429, 200]);
    await expectShownWithin(answeredAt, watches);
    expect(await page.getByTestId('ops-tail-row').count()).toBe(5);
    await page.getByTestId('ops-tail-pause').click();
    expect(await page.getByTestId('ops-tail-row').count()).toBe(6);
  });

  it('shows an automatic switch-off on the other gateway as it happens, with its reason', async () => {
    const healthRow = page.locator(`[data-testid=ops-health-row][data-id="${channels['ops-doomed']}"]`);
    expect(await healthRow.getByTestId('status').textContent()).toBe('已启用');
    const watches = {
      'auto-disable': watch(page, `[data-testid=ops-health-row][data-id="${channels['ops-doomed']}"] [data-testid=status]`, { text: '已自动禁用' }),
      '401 on its channel': watch(page, `[data-testid=ops-channels-row][data-key="${channels['ops-doomed']}"] [data-testid=errors]`, { text: '401×1' }),
    };
    expect((await chat(b, 'doomed-model')).status).toBe(401);
    await expectShownWithin(Date.now(), watches);
    expect(await healthRow.textContent()).toContain('httpCode 401');
    expect(await text('ops-health-events')).toContain('ops-doomed');
    expect(await text('ops-health-events')).toContain('httpCode 401');
  });

  it('shows the re-enable when a channel test on the other gateway passes, with the test time', async () => {
    const healthRow = page.locator(`[data-testid=ops-health-row][data-id="${channels['ops-doomed']}"]`);
    doomed.configure({ failWith: 0 });
    await root.must('PUT', '/api/option/', { key: 'AutomaticEnableChannelEnabled', value: 'true' });
    const rootOnB = new ConsoleClient(b.url);
    await rootOnB.login('root', '123456');
    await rootOnB.must('GET', '/api/channel/test');
    await expect.poll(() => healthRow.getByTestId('status').textContent(), { timeout: 10_000 }).toBe('已启用');
    expect(await text('ops-health-events')).toContain('渠道 ops-doomed 已恢复启用');
    expect(await healthRow.textContent()).not.toContain('从未测试');
    await page.screenshot({ path: `${SHOTS}/ops.png`, fullPage: true });
  });

  it("refuses non-admins: no operations push on the user's socket, and the API says no", async () => {
    const listen = (client: ConsoleClient, gateway: GatewayProcess) => {
      const socket = io(gateway.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: client.sessionCookie() } });
      sockets.push(socket);
      const heard: unknown[] = [];
      socket.on('ops', (payload: unknown) => heard.push(payload));
      return heard;
    };
    const rootOnB = new ConsoleClient(b.url);
    await rootOnB.login('root', '123456');
    const byAdmin = listen(rootOnB, b);
    const byUser = listen(olga, b);
    await expect.poll(() => byAdmin.length, { timeout: 5_000 }).toBeGreaterThan(2);
    expect(byUser).toEqual([]);
    expect((await olga.call('GET', '/api/ops/')).success).toBe(false);
    const seed = await root.must<{ channels: { name: string; status: number }[] }>('GET', '/api/ops/');
    expect(seed.channels.map((c) => [c.name, c.status])).toEqual([['ops-good', 1], ['ops-flaky', 1], ['ops-doomed', 1]]);
  });
});
