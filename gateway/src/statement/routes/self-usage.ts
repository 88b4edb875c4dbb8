import type { FastifyInstance } from 'fastify';
import type { SelfUsage } from '@tollgate/wire';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryInt } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';

export type SelfUsageDeps = MoneyContext & AnalyticsContext;

const DAY = 86_400;
/** The burn rate is the average daily spend of this many days back from now. */
export const BURN_WINDOW_DAYS = 7;
/** A day is at most 25 hours (a clock going back), a month at most 31 such days. */
const LONGEST_DAY = DAY + 3_600;
const LONGEST_MONTH = 31 * DAY + 3_600;

const utcDayStart = (now: number) => now - (now % DAY);
function utcMonthStart(now: number): number {
  const date = new Date(now * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
}

/** The browser's local midnight and first of the month (so "today" is the user's day); UTC when absent. */
function selfUsageQuery(now: number) {
  const within = (longest: number) => (value: number) => value <= now && value >= now - longest;
  return z.object({
    today_start: queryInt.transform((value) => value ?? utcDayStart(now)).refine(within(LONGEST_DAY), { message: INVALID_PARAMS }),
    month_start: queryInt.transform((value) => value ?? utcMonthStart(now)).refine(within(LONGEST_MONTH), { message: INVALID_PARAMS }),
  });
}

/** The moment the balance is spent at `burnQuota` per window, or null when nothing is being spent. */
export function runsOutAt(now: number, balance: number, burnQuota: number): number | null {
  if (burnQuota <= 0) return null;
  if (balance <= 0) return now;
  return now + Math.floor((balance * BURN_WINDOW_DAYS * DAY) / burnQuota);
}

/** A signed-in user's own home: balance, spend today and this month, burn rate and run-out date, use per token and per model. */
export function registerSelfUsageRoute(app: FastifyInstance, { deps, guard }: ApiContext<SelfUsageDeps>): void {
  route(app, 'GET', '/user/self/usage', guard.user, async (request) => {
    const user = signedIn(request);
    const now = Math.floor(Date.now() / 1000);
    const q = parseInput(selfUsageQuery(now), request.query, 400);
    const burnStart = now - BURN_WINDOW_DAYS * DAY;
    const [[balance], usage] = await Promise.all([
      deps.balances.users([user.id]),
      deps.usage.selfUsage({ userId: user.id, todayStart: q.today_start, monthStart: q.month_start, burnStart, now }),
    ]);
    const quota = balance?.quota ?? 0;
    const answer: SelfUsage = {
      now,
      balance: quota,
      today: { quota: usage.today_quota, requests: usage.today_requests },
      month: { quota: usage.month_quota, requests: usage.month_requests },
      burn: { window_days: BURN_WINDOW_DAYS, quota: usage.burn_quota, quota_per_day: usage.burn_quota / BURN_WINDOW_DAYS },
      runs_out_at: runsOutAt(now, quota, usage.burn_quota),
      by_token: usage.by_token,
      by_model: usage.by_model,
    };
    return ok(answer);
  });
}
