import { USER_ROUTES, describeConsolePages } from '../support/browsers/console-pages.js';

describeConsolePages('console pages for an ordinary user', { name: 'user', username: 'ulla', password: 'ulla-password', routes: USER_ROUTES }, 300_000);
