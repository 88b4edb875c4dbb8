import type { DailyUsage } from '@tollgate/analytics';
import { type LedgerHistory, newEventMetadata, type UsageTotal } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { statementLines } from './statement-lines.js';

const day = 86_400;
const grant: LedgerEvent = { type: 'QuotaGranted', data: { userId: 3, username: 'carol', amount: 1_000, logType: 4, content: 'new user' }, metadata: newEventMetadata(0) };

function history(calls: UsageTotal[]): LedgerHistory {
  return {
    movementEvents: async function* () {
      yield grant;
    },
    usageTotals: async () => calls,
  };
}

const usage = (rows: DailyUsage[], bySubscriptions: DailyUsage[]) => ({
  exportDailyUsage: async function* () {
    yield rows;
  },
  exportDailySubscriptionUse: async function* () {
    yield bySubscriptions;
  },
});

async function linesOf(calls: UsageTotal[], rows: DailyUsage[], bySubscriptions: DailyUsage[] = []) {
  const all = [];
  for await (const page of statementLines({ history: history(calls), usage: usage(rows, bySubscriptions), rate: { quotaPerUnit: 500, perDollar: 2, currency: 'CNY' } }, { start: day, end: 3 * day })) all.push(...page);
  return all;
}

const calls: UsageTotal = { userId: 3, username: 'carol', quotaBefore: 0, requestsBefore: 0, quotaWithin: 300, requestsWithin: 3 };
const row = (quota: number, requests = 3, model = 'gpt-4o', dayOf = '1970-01-02'): DailyUsage => ({ day: dayOf, user_id: 3, username: 'carol', model_name: model, requests, prompt_tokens: 1, completion_tokens: 1, quota });

describe('statementLines', () => {
  it('opens with the ledger balance, lists consumption per day and model in money too, and closes reconciled', async () => {
    const lines = await linesOf([calls], [row(300)]);
    expect(lines.map((line) => [line.line, line.time, line.quota, line.usd, line.money])).toEqual([
      ['opening', '1970-01-02 00:00:00', 1_000, 2, 4],
      ['consumption', '1970-01-02 00:00:00', -300, -0.6, -1.2],
      ['closing', '1970-01-04 00:00:00', 700, 1.4, 2.8],
    ]);
    expect(lines.at(-1)).toMatchObject({ credits: 0, debits: 300, difference: 0, content: 'reconciled' });
  });

  it('says so when the rollups miss calls the ledger billed (consume logging was off)', async () => {
    const closing = (await linesOf([calls], [row(200)])).at(-1);
    expect(closing).toMatchObject({ quota: 700, debits: 200, difference: -100 });
    expect(closing?.content).toContain('does not reconcile');
  });

  it("takes the calls subscriptions paid out of the wallet's consumption, lists them apart, and still reconciles (issue #41)", async () => {
    // The ledger billed the wallet 100 for one call; subscriptions paid two more (120 and 80) on the same day and model, and one of another model on the next day.
    const wallet = { ...calls, quotaWithin: 100, requestsWithin: 4 };
    const rows = [row(300, 3), row(50, 1, 'claude', '1970-01-03')];
    const paid = [row(200, 2), row(50, 1, 'claude', '1970-01-03')];
    const lines = await linesOf([wallet], rows, paid);
    expect(lines.map((line) => [line.line, line.model_name, line.quota, line.requests, line.content])).toEqual([
      ['opening', '', 1_000, 0, 'balance before the period'],
      ['consumption', 'gpt-4o', -(300 - 200), 3 - 2, ''],
      ['subscription_use', 'gpt-4o', 0, 2, '200 quota paid by subscriptions'],
      ['subscription_use', 'claude', 0, 1, '50 quota paid by subscriptions'],
      ['closing', '', 1_000 - 100, 0, 'reconciled'],
    ]);
    expect(lines.at(-1)).toMatchObject({ debits: 100, difference: 0 });
  });

  it('pairs subscription use with its own day and model only, skipping any the rollups do not hold', async () => {
    const lines = await linesOf([calls], [row(300, 3, 'b-model')], [row(5, 1, 'a-model'), row(0, 0, 'b-model'), row(7, 1, 'c-model')]);
    expect(lines.filter((line) => line.line === 'consumption').map((line) => [line.model_name, line.quota])).toEqual([['b-model', -300]]);
    expect(lines.filter((line) => line.line === 'subscription_use')).toEqual([]);
  });
});
