import { readFile } from 'node:fs/promises';
import { statementLineSchema } from '@tollgate/analytics';
import OpenAI from 'openai';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey } from '../support/gateways/embedded-fixture.js';

/**
 * The statement page in Chromium over a real embedded server: calls relayed to a mock upstream,
 * an admin's change, then the user downloads their statement from /statement and it reconciles.
 */
describe('the /statement page download in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;
  let userId: number;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ reply: 'hi', promptTokens: 5, completionTokens: 7 });
    await addMockChannel(fixture);
    const { user, key } = await userWithKey(fixture, 'stella', 1_000_000);
    userId = (await user.must<{ id: number }>('GET', '/api/user/self')).id;
    const client = new OpenAI({ apiKey: key, baseURL: `${fixture.tollgate.url}/v1`, maxRetries: 0 });
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ model: 'mock-model', messages: [{ role: 'user', content: 'hello' }] });
    // The three calls are logged (ingested into chdb) before the statement reads the rollups.
    await eventually(async () => ((await user.must<{ total: number }>('GET', '/api/log/self?type=2')).total === 3 ? true : undefined), 15_000, 'three logged calls');
    browser = await launchChromium();
    page = await browser.newPage({ acceptDownloads: true });
    await signInOnPage(page, fixture.tollgate.url, 'stella', 'stella-password');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it("downloads the user's own statement as JSON lines: the admin's credit, the calls, a reconciled closing", async () => {
    await page.goto(`${fixture.tollgate.url}/statement`);
    await page.getByLabel('格式').selectOption('jsonl');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^tollgate-statement-${userId}-\\d+-\\d+\\.jsonl$`));
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const lines = text.trim().split('\n').map((line) => statementLineSchema.parse(JSON.parse(line)));
    expect(new Set(lines.map((line) => line.user_id))).toEqual(new Set([userId]));
    expect(lines.find((line) => line.line === 'admin')).toMatchObject({ quota: 1_000_000, actor_id: 1 });
    expect(lines.filter((line) => line.line === 'consumption').reduce((sum, line) => sum + line.requests, 0)).toBe(3);
    expect(lines.at(-1)).toMatchObject({ line: 'closing', difference: 0, content: 'reconciled' });
  });
});
