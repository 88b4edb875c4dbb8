import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alice, buildNewApiDatabase } from '../../src/import/testing/new-api-fixture.js';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { ConsoleClient } from '../support/clients/console-client.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

/** Three pages of log rows: enough for the bar to be seen moving at a one-second poll on a busy machine. */
const LOG_ROWS = 60_000;

/** Root's import page in Chromium against the real server: a dry run, then the import, with progress and report. */
describe('the import page in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;
  let source: string;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    source = join(fixture.dataDir, 'one-api.db');
    await buildNewApiDatabase(source, { upstreamUrl: fixture.upstream.url, logRows: LOG_ROWS });
    browser = await launchChromium();
    page = await browser.newPage();
    await signInOnPage(page, fixture.tollgate.url, 'root', '123456');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  it('is in root\'s sidebar; a dry run shows every table\'s bar full and a report of what it would import', async () => {
    await page.getByTestId('nav-import').click();
    await page.waitForURL('**/import');
    await page.fill('#import-source', source);
    await page.getByRole('button', { name: '开始试运行' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent(), { timeout: 60_000 }).toBe('已完成');
    await expect.poll(() => page.getByRole('progressbar', { name: 'logs' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('import-table').filter({ hasText: 'logs' }).textContent()).toContain(`${LOG_ROWS.toLocaleString()} / ${LOG_ROWS.toLocaleString()}`);
    const report = await page.getByTestId('import-report').textContent();
    expect(report).toContain('Dry run: nothing was written.');
    expect(report).toContain(`log rows: would import ${LOG_ROWS}`);
    expect((await new ConsoleClient(fixture.tollgate.url).login(alice.username, alice.password)).success).toBe(false);
  });

  it('imports for real: the status runs then finishes, the report says what came over, and the users can sign in', async () => {
    await page.getByRole('switch').click();
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent(), { timeout: 60_000 }).toBe('已完成');
    const report = await page.getByTestId('import-report').textContent();
    expect(report).toContain('Import finished.');
    expect(report).toContain(`log rows: imported ${LOG_ROWS}`);
    expect((await new ConsoleClient(fixture.tollgate.url).login(alice.username, alice.password)).success).toBe(true);
  });

  it('shows the server\'s refusal of a source it cannot open', async () => {
    await page.fill('#import-source', join(fixture.dataDir, 'nowhere.db'));
    await page.getByRole('button', { name: '开始导入' }).click();
    await expect.poll(() => page.getByTestId('import-status').textContent()).toBe('导入失败');
    expect(await page.getByRole('alert').first().textContent()).toBeTruthy();
  });

  it('is not in an ordinary user\'s sidebar', async () => {
    const other = await browser.newPage();
    try {
      await new ConsoleClient(fixture.tollgate.url).must('POST', '/api/user/register', { username: 'plain', password: 'plain-password', password2: 'plain-password' });
      await signInOnPage(other, fixture.tollgate.url, 'plain', 'plain-password');
      await expect.poll(() => other.getByTestId('nav-token').count()).toBe(1);
      expect(await other.getByTestId('nav-import').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
