import { ADMIN_ROUTES, ROOT_ROUTES, USER_ROUTES, describeConsolePages } from '../support/browsers/console-pages.js';

describeConsolePages('console pages for root', { name: 'root', username: 'root', password: '123456', routes: [...USER_ROUTES, ...ADMIN_ROUTES, ...ROOT_ROUTES] }, 600_000);
