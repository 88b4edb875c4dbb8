import { PUBLIC_ROUTES, describeConsolePages } from '../support/browsers/console-pages.js';

describeConsolePages('console pages for a visitor', { name: 'visitor', routes: PUBLIC_ROUTES }, 300_000);
