import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium; a browser download is not possible on these machines. */
const CHROMIUM = '/usr/bin/chromium';

/** Launches headless Chromium; playwright gives it a fresh temporary profile. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs in through the console's login form, as a person does, and waits for the landing page. */
export async function signInOnPage(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/token');
}
