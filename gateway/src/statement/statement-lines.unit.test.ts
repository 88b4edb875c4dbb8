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

const usage = (rows: DailyUsage[]) => ({
  exportDailyUsage: async function* () {
    yield rows;
  },
});

async function linesOf(calls: UsageTotal[], rows: DailyUsage[]) {
  const all = [];
  for await (const page of statementLines({ history: history(calls), usage: usage(rows), rate: { quotaPerUnit: 500, perDollar: 2, currency: 'CNY' } }, { start: day, end: 3 * day })) all.push(...page);
  return all;
}

const calls: UsageTotal = { userId: 3, username: 'carol', quotaBefore: 0, requestsBefore: 0, quotaWithin: 300, requestsWithin: 3 };
const row = (quota: number): DailyUsage => ({ day: '1970-01-02', user_id: 3, username: 'carol', model_name: 'gpt-4o', requests: 3, prompt_tokens: 1, completion_tokens: 1, quota });

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
});
