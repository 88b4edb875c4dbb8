import type { DailyUsage, StatementLine } from '@tollgate/analytics';
import { type LedgerHistory, type LedgerPeriod, StatementBook } from '@tollgate/ledger';
import type { UsageReader } from '../ports/usage-reader.js';
import type { MoneyRate } from './statement-money.js';
import { UserBlock } from './user-block.js';

/** A statement's subject and period: seconds since the epoch, whole minutes, `end` exclusive. */
export interface StatementRequest {
  userId?: number;
  start: number;
  end: number;
}

export interface StatementSources {
  history: LedgerHistory;
  usage: Pick<UsageReader, 'exportDailyUsage' | 'exportDailySubscriptionUse'>;
  rate: MoneyRate;
}

/** Lines per page handed to an encoder. */
const PAGE = 1_000;

/** The ledger's view of the period: its movements one by one and its calls summed, a few numbers and the listed movements per user. */
async function ledgerPeriods(history: LedgerHistory, { userId, start, end }: StatementRequest): Promise<LedgerPeriod[]> {
  const period = { from: start * 1000, to: end * 1000 };
  const book = new StatementBook(period);
  const who = userId === undefined ? {} : { userId };
  for await (const event of history.movementEvents(who)) book.add(event);
  for (const total of await history.usageTotals({ ...who, ...period })) book.addUsage(total);
  return book.periods();
}

async function* rowsOf(pages: AsyncIterable<DailyUsage[]>): AsyncGenerator<DailyUsage> {
  for await (const page of pages) yield* page;
}

/** Whether `a` comes before `b` in ClickHouse's (user, day, model) order: strings compare by their UTF-8 bytes there. */
function before(a: DailyUsage, b: DailyUsage): boolean {
  if (a.user_id !== b.user_id) return a.user_id < b.user_id;
  if (a.day !== b.day) return a.day < b.day;
  return Buffer.compare(Buffer.from(a.model_name), Buffer.from(b.model_name)) < 0;
}

/**
 * Each day's consumption with the part subscriptions paid beside it: both streams come in (user,
 * day, model) order and every call a subscription paid is also in the rollups, so one pass pairs
 * them (a merge join), holding one row of each.
 */
async function* withSubscriptionUse(consumption: AsyncGenerator<DailyUsage>, use: AsyncGenerator<DailyUsage>): AsyncGenerator<{ row: DailyUsage; paidBySubscriptions?: DailyUsage }> {
  let paid = await use.next();
  for await (const row of consumption) {
    while (!paid.done && before(paid.value, row)) paid = await use.next();
    const matches = !paid.done && !before(row, paid.value);
    yield matches ? { row, paidBySubscriptions: paid.value } : { row };
  }
}

/** A user the rollups know but the ledger does not (it should not happen): shown with zero balances, so the check fails. */
function unknownToLedger(row: DailyUsage): LedgerPeriod {
  return { userId: row.user_id, username: row.username, opening: 0, closing: 0, movements: [], consumption: 0, requests: 0 };
}

/**
 * A statement's lines in pages, user by user (ascending id): opening, movements, consumption per day
 * and model, closing with its check. The ledger's part (balances and listed movements) is folded
 * first; the consumption then streams from the rollups in the same user order and is merged in,
 * so memory holds the users' periods and one page, never the calls.
 */
export async function* statementLines(sources: StatementSources, request: StatementRequest): AsyncGenerator<StatementLine[]> {
  const periods = await ledgerPeriods(sources.history, request);
  const range = { from: request.start * 1000, to: request.end * 1000 };
  // usageInRange counts whole minutes at both ends: the last minute of the period starts at end − 60.
  const daily = { startTimestamp: request.start, endTimestamp: request.end - 60, ...(request.userId === undefined ? {} : { userId: request.userId }) };
  const consumption = withSubscriptionUse(rowsOf(sources.usage.exportDailyUsage(daily)), rowsOf(sources.usage.exportDailySubscriptionUse(daily)));
  let row = await consumption.next();
  let index = 0;
  let page: StatementLine[] = [];
  while (index < periods.length || !row.done) {
    const ledgerUser = periods[index];
    const period = ledgerUser && (row.done || ledgerUser.userId <= row.value.row.user_id) ? ledgerUser : unknownToLedger(row.value.row);
    if (period === ledgerUser) index++;
    const block = new UserBlock(period, range, sources.rate);
    page.push(...block.open());
    while (!row.done && row.value.row.user_id === period.userId) {
      page.push(...block.consumption(row.value.row, row.value.paidBySubscriptions));
      if (page.length >= PAGE) {
        yield page;
        page = [];
      }
      row = await consumption.next();
    }
    page.push(block.close());
    if (page.length >= PAGE) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
