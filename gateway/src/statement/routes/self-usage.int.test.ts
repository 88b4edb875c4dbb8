import type { LogRow } from '@tollgate/analytics';
import { describe, expect, it } from 'vitest';
import { chdbHoldingLogs } from '../../../test/support/engines/chdb-logs.js';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { createAnalyticsUsageReader } from '../../adapters/analytics/analytics-usage-reader.js';
import { runsOutAt } from './self-usage.js';

const HOUR = 3_600;
const DAY = 86_400;
const ALICE = 2;
const now = Math.floor(Date.now() / 1000);
/** The browser's day and month as the home page sends them: here 3 hours and 20 days back. */
const todayStart = now - 3 * HOUR;
const monthStart = now - 20 * DAY;

function logRow(row: Partial<LogRow> & Pick<LogRow, 'id' | 'created_at' | 'quota'>): LogRow {
  return {
    type: 2, user_id: ALICE, username: 'alice', token_id: 1, token_name: 'main', channel_id: 1, model_name: 'gpt-4o',
    prompt_tokens: 10, completion_tokens: 5, use_time: 1, is_stream: false, content: '', other: '{}', group: 'default',
    ...row,
  };
}

/** Alice spends today, two days ago (inside the 7-day burn window) and ten days ago (this month only); older, bob's and a top-up count nowhere. */
const fixture: LogRow[] = [
  logRow({ id: 'today', created_at: now - HOUR, quota: 100 }),
  logRow({ id: 'two-days', created_at: now - 2 * DAY, quota: 400, token_id: 2, token_name: 'ci', model_name: 'claude-3' }),
  logRow({ id: 'ten-days', created_at: now - 10 * DAY - 7, quota: 1_000, prompt_tokens: 100, completion_tokens: 20 }),
  logRow({ id: 'last-month', created_at: now - 40 * DAY, quota: 5_000 }),
  logRow({ id: 'bob', created_at: now - HOUR, quota: 9_999, user_id: 3, username: 'bob' }),
  logRow({ id: 'topup', created_at: now - HOUR, quota: 50_000, type: 1, model_name: '', token_name: '' }),
];

const querier = chdbHoldingLogs('self-usage', fixture);

async function harness() {
  const built = await buildApiHarness();
  built.deps.usage = createAnalyticsUsageReader(querier());
  const root = await login(built.app, 'root', ROOT_PASSWORD);
  const alice = await signUp(built.app, 'alice');
  expect(alice.userId).toBe(ALICE);
  expect((await root.call('PUT', '/api/user/', { id: ALICE, quota: 1_000 })).body.success).toBe(true);
  return { ...built, root, alice };
}

describe('GET /api/user/self/usage', () => {
  it('answers the user their balance, spend today and this month, burn rate, run-out date and use per token and model, from the rollups', async () => {
    const { alice } = await harness();
    const { status, body } = await alice.call<Record<string, unknown>>('GET', `/api/user/self/usage?today_start=${todayStart}&month_start=${monthStart}`);
    expect(status).toBe(200);
    const answeredNow = body.data.now as number;
    expect(answeredNow - now).toBeLessThan(60);
    expect(body.data).toEqual({
      now: answeredNow,
      balance: 1_000,
      today: { quota: 100, requests: 1 },
      month: { quota: 1_500, requests: 3 },
      burn: { window_days: 7, quota: 500, quota_per_day: 500 / 7 },
      // 1000 left at 500 a week: two weeks.
      runs_out_at: answeredNow + 14 * DAY,
      by_token: [
        { name: 'main', quota: 1_100, requests: 2, tokens: 135 },
        { name: 'ci', quota: 400, requests: 1, tokens: 15 },
      ],
      by_model: [
        { name: 'gpt-4o', quota: 1_100, requests: 2, tokens: 135 },
        { name: 'claude-3', quota: 400, requests: 1, tokens: 15 },
      ],
    });
  });

  it('takes the UTC day and month when the browser sends none', async () => {
    const { alice } = await harness();
    const { body } = await alice.call<{ today: { quota: number }; month: { quota: number } }>('GET', '/api/user/self/usage');
    expect(body.success).toBe(true);
    const utcToday = now - (now % DAY);
    expect(body.data.today.quota).toBe(now - HOUR >= utcToday ? 100 : 0);
  });

  it('refuses a start in the future or further back than a month with a 400 envelope, and a visitor with 401', async () => {
    const { app, alice } = await harness();
    for (const query of [`today_start=${now + DAY}`, `today_start=${now - 3 * DAY}`, `month_start=${now - 40 * DAY}`, 'today_start=abc&month_start=1']) {
      const { status, body } = await alice.call('GET', `/api/user/self/usage?${query}`);
      expect({ query, status, success: body.success, message: body.message }).toEqual({ query, status: 400, success: false, message: '无效的参数' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/user/self/usage' })).statusCode).toBe(401);
  });
});

describe('runsOutAt', () => {
  it('is never while nothing is spent, now once the balance is gone, else the balance over the burn rate', () => {
    expect(runsOutAt(1_000, 500, 0)).toBeNull();
    expect(runsOutAt(1_000, 0, 70)).toBe(1_000);
    expect(runsOutAt(1_000, 70, 70)).toBe(1_000 + 7 * DAY);
  });
});
