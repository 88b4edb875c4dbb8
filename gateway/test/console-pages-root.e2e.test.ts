import { afterAll, beforeAll, describe, it } from 'vitest';
import { ADMIN_ROUTES, ROOT_ROUTES, USER_ROUTES, type PagesFixture, checkEveryRoute, startPagesFixture } from './support/console-pages.js';

/** Every console page for root: axe-core (serious and critical), console errors, phone overflow, light and dark; screenshots in test-output/console-pages. */
describe('console pages for root', () => {
  let pages: PagesFixture;
  beforeAll(async () => {
    pages = await startPagesFixture();
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
  });

  it('pass axe, log no error and fit a phone, in light and dark', async () => {
    await checkEveryRoute(pages, { name: 'root', username: 'root', password: '123456', routes: [...USER_ROUTES, ...ADMIN_ROUTES, ...ROOT_ROUTES] });
  }, 600_000);
});
