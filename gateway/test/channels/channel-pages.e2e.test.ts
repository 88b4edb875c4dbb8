import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signInOnPage } from '../support/browsers/browser.js';
import { type EmbeddedFixture, startEmbeddedFixture } from '../support/gateways/embedded-fixture.js';

const SHOTS = '/tmp/shots-channelui';

interface ChannelRead {
  id: number;
  name: string;
  priority: number;
  models: string;
  base_url: string;
}

/** The administrator's channel pages in Chromium against the real embedded server and a mock OpenAI upstream. */
describe('channel management in a real browser', () => {
  let fixture: EmbeddedFixture;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fixture = await startEmbeddedFixture({ latencyMs: 30 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInOnPage(page, fixture.tollgate.url, 'root', '123456');
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  const rows = () => page.getByTestId('channel-row');
  const row = (name: string) => rows().filter({ hasText: name });
  const channels = () => fixture.root.must<{ items: ChannelRead[] }>('GET', '/api/channel/?p=0&page_size=10');

  it('adds a channel pointing at the mock upstream, tests it and sees the time', async () => {
    await page.goto(`${fixture.tollgate.url}/channel`);
    await page.getByRole('button', { name: '添加渠道' }).click();
    await page.waitForURL('**/channel/add');
    await page.fill('#channel-name', 'mock-openai');
    await page.fill('#channel-key', 'sk-mock-upstream');
    await page.fill('#channel-base-url', `${fixture.upstream.url}/`);
    await page.fill('#channel-custom-model', 'gpt-4o-mini');
    await page.getByRole('button', { name: '填入', exact: true }).click();
    await page.screenshot({ path: `${SHOTS}/channel-add.png`, fullPage: true });
    await page.getByRole('button', { name: '提交' }).click();
    await page.waitForURL('**/channel');
    await expect.poll(() => row('mock-openai').count()).toBe(1);
    const [saved] = (await channels()).items;
    expect(saved).toMatchObject({ name: 'mock-openai', base_url: fixture.upstream.url, models: 'gpt-4o-mini' });

    await row('mock-openai').getByRole('button', { name: '测试', exact: true }).click();
    await expect.poll(() => page.getByText(/通道 mock-openai 测试成功，耗时 \d+\.\d\d 秒。/).count()).toBe(1);
    await expect.poll(() => row('mock-openai').getByTestId('channel-response-time').textContent()).toMatch(/^\d+\.\d\d 秒$/);
    expect(fixture.upstream.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-mock-upstream' });
    await page.screenshot({ path: `${SHOTS}/channel-list-tested.png`, fullPage: true });
  });

  it('edits the channel, keeping its key', async () => {
    await row('mock-openai').getByRole('button', { name: '编辑' }).click();
    await page.waitForURL('**/channel/edit/*');
    await expect.poll(() => page.inputValue('#channel-name')).toBe('mock-openai');
    await page.fill('#channel-name', 'mock-renamed');
    await page.fill('#channel-priority', '5');
    await page.screenshot({ path: `${SHOTS}/channel-edit.png`, fullPage: true });
    await page.getByRole('button', { name: '提交' }).click();
    await page.waitForURL('**/channel');
    await expect.poll(() => row('mock-renamed').count()).toBe(1);
    expect((await channels()).items[0]).toMatchObject({ name: 'mock-renamed', priority: 5 });
    const before = fixture.upstream.requests.length;
    await row('mock-renamed').getByRole('button', { name: '测试', exact: true }).click();
    await expect.poll(() => fixture.upstream.requests.length).toBe(before + 1);
    expect(fixture.upstream.requests.at(-1)?.authorization).toBe('Bearer sk-mock-upstream');
  });

  it('copies the channel, then batch-deletes both', async () => {
    await row('mock-renamed').getByRole('button', { name: '复制' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '复制' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByRole('switch', { name: '开启批量删除' }).click();
    for (const box of await page.getByRole('checkbox', { name: /^选择 / }).all()) await box.check();
    await page.screenshot({ path: `${SHOTS}/channel-batch.png`, fullPage: true });
    await page.getByRole('button', { name: '删除所选通道（2）' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => page.getByText('已删除 2 个通道！').count()).toBe(1);
    await expect.poll(() => rows().count()).toBe(0);
    expect((await channels()).items).toEqual([]);
  });
});
