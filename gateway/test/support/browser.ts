import { type Browser, chromium } from 'playwright-core';

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
