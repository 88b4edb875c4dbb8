import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, type LogRow, logsTable, migrate } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApiHarness } from '../../test/api-app.js';
import { createAnalyticsLogReader } from '../adapters/analytics/analytics-log-reader.js';
import { startPeriodicChecks } from './periodic-checks.js';

const DAY = 86_400;
/** Days old of each consume row; its quota is its age, so sums name the rows they hold. */
const ages = [1, 10, 40, 400];

function consumeRow(ageDays: number, now: number): LogRow {
  return {
    id: `age-${ageDays}`, created_at: now - ageDays * DAY, type: 2, user_id: 1, username: 'alice', token_id: 1, token_name: 't',
    channel_id: 1, model_name: 'gpt-4o', quota: ageDays, prompt_tokens: 1, completion_tokens: 1, use_time: 1, is_stream: false,
    content: '', other: '{}', group: 'default',
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));

let dir = '';
let querier: AnalyticsQuerier;

beforeAll(async () => {
  // chdb allows one data directory per process; vitest runs each test file in its own process.
  dir = await mkdtemp(join(tmpdir(), 'tollgate-log-retention-'));
  querier = createChdbQuerier({ path: dir });
  await migrate(querier);
  const now = Math.floor(Date.now() / 1000);
  await querier.insert(logsTable, ages.map((age) => consumeRow(age, now)));
});
afterAll(async () => {
  await querier.close();
  await rm(dir, { recursive: true, force: true });
});

describe('log retention on chdb', () => {
  const stops: (() => void)[] = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('LogRetentionDays: 0 keeps every row; 30 deletes the older rows at once, from the list and the stat', async () => {
    const { deps } = await buildApiHarness({ LogRetentionDays: '0' });
    const logs = createAnalyticsLogReader(querier);
    stops.push(startPeriodicChecks({ ...deps, logs }, (error) => { throw error; }));
    await settle();
    expect((await logs.list({}, { offset: 0, limit: 10 })).total).toBe(4);
    await deps.options.set('LogRetentionDays', '30');
    await settle();
    const kept = await logs.list({}, { offset: 0, limit: 10 });
    expect(kept.items.map((row) => row.quota)).toEqual([1, 10]);
    expect((await logs.stat({})).quota).toBe(1 + 10);
  });
});
