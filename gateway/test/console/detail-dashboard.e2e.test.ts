import { readFile } from 'node:fs/promises';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, priceModels, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';
import { chargeTracker } from '../support/clients/relay-billing.js';

/**
 * The data dashboard in Chromium: four chat calls relayed through the embedded server to a mock
 * upstream are ingested into chdb, summed by the per-minute rollup, and drawn by /detail.
 */
const SHOTS = '/tmp/shots-analytics';
type Series = Array<{ name: string; data: number[] }>;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the /detail dashboard in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'hi', promptTokens: 5, completionTokens: 7 });
    await priceModels(fixture, { 'gpt-4o-mini': 1, 'gpt-4o': 2 });
    await fixture.root.must('POST', '/api/channel/', { name: 'openai', type: 1, key: 'k', base_url: fixture.upstream.url, group: 'default', models: 'gpt-4o-mini,gpt-4o' });
    const { user, key } = await userWithKey(fixture, 'dana', 1_000_000);
    const tracker = chargeTracker(user);
    const client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
    for (const model of ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o', 'gpt-4o-mini']) {
      await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });
      await tracker.expectCharged(model === 'gpt-4o' ? 24 : 12);
    }
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    await signInOnPage(page, fixture.tollgate.url, 'dana', 'dana-password');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('draws the relayed calls: quota by model, requests and tokens, with the totals', async () => {
    await page.goto(`${fixture.tollgate.url}/detail`);
    await expect.poll(() => page.getByTestId('detail-stat-requests').getAttribute('data-value'), { timeout: 10_000 }).toBe('4');
    expect(await page.getByTestId('detail-stat-tokens').getAttribute('data-value')).toBe('48');
    const series = async (testId: string) => JSON.parse((await page.getByTestId(testId).getAttribute('data-series')) ?? '[]') as Series;
    const quota = await series('chart-quota');
    expect(quota.map((s) => [s.name, sum(s.data)])).toEqual([['gpt-4o', 24], ['gpt-4o-mini', 36]]);
    expect(sum((await series('chart-requests'))[0]?.data ?? [])).toBe(4);
    // ApexCharts itself drew them: one bar series per model in the SVG, named in the legend.
    await expect.poll(() => page.locator('[data-testid=chart-quota] .apexcharts-bar-series .apexcharts-series').count()).toBe(2);
    expect(await page.locator('[data-testid=chart-quota] .apexcharts-legend-text').allTextContents()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(await page.locator('[data-testid=chart-requests] .apexcharts-marker').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('export-data-csv').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/detail.png`, fullPage: true });
  });

  it("gives root the finance export of the range as a file: the four calls' log rows", async () => {
    const admin = await browser.newPage({ acceptDownloads: true });
    await signInOnPage(admin, fixture.tollgate.url, 'root', '123456');
    await admin.goto(`${fixture.tollgate.url}/detail`);
    // The session's New-Api-User header goes with the fetch; a plain link without it got a 401.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('export-log-jsonl').click()]);
    const rows = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: number; username: string; model_name: string });
    expect(rows.filter((row) => row.username === 'dana' && row.type === 2).map((row) => row.model_name).sort()).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini']);
    await admin.close();
  });
});
