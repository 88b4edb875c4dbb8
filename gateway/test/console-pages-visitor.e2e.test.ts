import { afterAll, beforeAll, describe, it } from 'vitest';
import { PUBLIC_ROUTES, type PagesFixture, checkEveryRoute, startPagesFixture } from './support/console-pages.js';

/** Every console page for a visitor: axe-core (serious and critical), console errors, phone overflow, light and dark; screenshots in test-output/console-pages. */
describe('console pages for a visitor', () => {
  let pages: PagesFixture;
  beforeAll(async () => {
    pages = await startPagesFixture();
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
  });

  it('pass axe, log no error and fit a phone, in light and dark', async () => {
    await checkEveryRoute(pages, { name: 'visitor', routes: PUBLIC_ROUTES });
  }, 300_000);
});
