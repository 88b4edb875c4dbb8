import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { startTaskMock, type TaskMock } from '../mock-upstream/services/task-mock.js';
import { type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/** A drawing's progress moves on /midjourney in a real browser as the poller follows it, without a reload. */
describe('live task progress in the browser', () => {
  let fixture: EmbeddedFixture;
  let mock: TaskMock;
  let browser: Browser;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({}, { TASK_POLL_INTERVAL_MS: '1200' });
    mock = await startTaskMock('proxy-secret');
    await fixture.root.must('POST', '/api/channel/', { name: 'mj', type: 2, key: 'proxy-secret', base_url: mock.url, models: 'mj_imagine', group: 'default' });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
    await mock?.close();
  });

  it('shows the row at its early progress, then at 100% and SUCCESS, on the same page load', async () => {
    const { key } = await userWithKey(fixture, 'una', 1_000_000);
    const page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'una', 'una-password');
    const submit = await fetch(`${fixture.tollgate.url}/mj/submit/imagine`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'a harbour' }) });
    expect(((await submit.json()) as { code: number }).code).toBe(1);
    await page.goto(`${fixture.tollgate.url}/midjourney`);
    const bar = page.getByTestId('mj-row').getByRole('progressbar');
    const early = Number(await bar.getAttribute('aria-valuenow'));
    expect(early).toBeLessThan(100);
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('100');
    expect(await page.getByTestId('task-status').textContent()).toBe('成功');
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
    await page.screenshot({ path: '/tmp/shots-tasks/midjourney-live.png', fullPage: true });
  });
});
