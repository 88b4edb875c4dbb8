import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runAnalyticsContract } from '../../ports/analytics-querier.contract.js';
import { createChdbQuerier } from './chdb-querier.js';

// chdb allows one data directory per process; vitest runs each test file in its own process.
const dir = await mkdtemp(join(tmpdir(), 'tollgate-chdb-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

runAnalyticsContract('chdb', async () => createChdbQuerier({ path: dir }));
