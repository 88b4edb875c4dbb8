import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AnalyticsQuerier, ClickHouseLedgerHistory, createLogBatchHandler, migrate, type StatementLine, statementLineSchema } from '@tollgate/analytics';
import { createChdbQuerier } from '@tollgate/analytics/chdb';
import type { LedgerEvent } from '@tollgate/wire';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, buildApiHarness, login, type Session } from '../../test/api-app.js';
import { callQuota, clickhouseCallsInsert, clickhouseMovementsInsert, callUser, otherActivity, periodEnd, periodStart, USERS } from '../../test/statement/month-of-activity.js';
import { createAnalyticsUsageReader } from '../adapters/analytics/analytics-usage-reader.js';

const CALLS = 1_000_000;

let dir: string;
let querier: AnalyticsQuerier;
/** Each user's closing balance, summed by the generator independently of the ledger. */
const expectedClosing = new Map<number, number>();

/** The next offset of the log's one partition. */
let nextOffset = 0;

/** Ingests into chdb through the real ingestion handler, one batch at a time, as the log delivers it. */
async function record(events: LedgerEvent[], mayRepeat = false): Promise<void> {
  await createLogBatchHandler({ querier })(events.map((event) => ({ partition: 0, offset: nextOffset++, event })), { mayRepeat });
}

async function generateMonth(): Promise<void> {
  for (let userId = 1; userId <= USERS; userId++) {
    const { events, openingNet, inPeriodNet } = otherActivity(userId);
    await record(events);
    expectedClosing.set(userId, openingNet + inPeriodNet);
  }
  // The million calls in bulk, as the brief for big datasets says: one INSERT ... SELECT on each side.
  const keptCalls = clickhouseMovementsInsert(CALLS, nextOffset);
  await querier.command(keptCalls.sql, keptCalls.params);
  nextOffset += CALLS;
  const loggedCalls = clickhouseCallsInsert(CALLS);
  await querier.command(loggedCalls.sql, loggedCalls.params);
  for (let i = 0; i < CALLS; i++) expectedClosing.set(callUser(i), (expectedClosing.get(callUser(i)) ?? 0) - callQuota(i));
  // A producer's retried append: the same payment at a second offset, counted once by both sides.
  await record(otherActivity(1).events.slice(1, 2).map((event) => ({ ...event, metadata: { ...event.metadata, eventId: 'top-up-T1' } })), true);
}

/** A root session on an API over the kept history and chdb (the harness closes with each test). */
async function download(format: string, query = '') {
  const { app } = await buildApiHarness({ Price: '7.3', QuotaPerUnit: '500000', 'general_setting.quota_display_type': 'CNY' }, {}, { history: new ClickHouseLedgerHistory(querier), usage: createAnalyticsUsageReader(querier) });
  const root: Session = await login(app, 'root', ROOT_PASSWORD);
  const response = await app.inject({ method: 'GET', url: `/api/statement?format=${format}&start_timestamp=${periodStart}&end_timestamp=${periodEnd}${query}`, headers: { cookie: root.cookie, 'new-api-user': String(root.userId) } });
  expect(response.statusCode).toBe(200);
  return response;
}

const jsonLines = (body: string): StatementLine[] => body.trim().split('\n').map((line) => statementLineSchema.parse(JSON.parse(line)));

/** Peak heap and RSS growth (MB) while `work` runs, sampled every 10 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; heapMb: number; rssMb: number; peakRssMb: number }> {
  const base = process.memoryUsage();
  let heap = base.heapUsed;
  let rss = base.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 10);
  try {
    const result = await work();
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    return { result, heapMb: mb(heap - base.heapUsed), rssMb: mb(rss - base.rss), peakRssMb: mb(rss) };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tollgate-statement-'));
  querier = createChdbQuerier({ path: join(dir, 'analytics') });
  await migrate(querier);
  await generateMonth();
}, 240_000);

afterAll(async () => {
  await querier?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a statement over a generated month (top-ups, codes, admin changes, refunds, invites, a million calls)', () => {
  let lines: StatementLine[] = [];

  it('reconciles to zero for every user, with the balances the generator expects', async ({ annotate }) => {
    const { result, heapMb, rssMb, peakRssMb } = await peakMemory(() => download('jsonl'));
    await annotate(`million-call statement (jsonl): peak heap +${heapMb} MB, peak RSS +${rssMb} MB (peak RSS ${peakRssMb} MB)`);
    lines = jsonLines(result.body);
    const closings = lines.filter((line) => line.line === 'closing');
    expect(closings).toHaveLength(USERS);
    for (const closing of closings) {
      expect(closing.difference).toBe(0);
      expect(closing.content).toBe('reconciled');
      expect(closing.quota).toBe(expectedClosing.get(closing.user_id));
    }
    const consumed = lines.filter((line) => line.line === 'consumption');
    expect(consumed.reduce((sum, line) => sum + line.requests, 0)).toBe(CALLS);
    expect(heapMb).toBeLessThan(400);
  }, 150_000);

  it('lists each kind of movement once per user, the admin change with its admin, the payment once despite its repeat', () => {
    const user1 = lines.filter((line) => line.user_id === 1 && line.line !== 'consumption');
    expect(user1.map((line) => line.line)).toEqual(['opening', 'payment', 'redemption', 'admin', 'admin', 'invite_reward', 'invite_transfer', 'refund', 'closing']);
    expect(user1.filter((line) => line.line === 'admin').map((line) => [line.quota, line.actor_id])).toEqual([[250_000, 1], [-100_000, 1]]);
    const payment = user1.find((line) => line.line === 'payment');
    expect(payment).toMatchObject({ quota: 1_000_000, usd: 2, money: 14.6, currency: 'CNY' });
  });

  let user7: StatementLine[] = [];

  it('keeps to one user when asked', async () => {
    user7 = jsonLines((await download('jsonl', '&user_id=7')).body);
    expect(user7.length).toBeGreaterThan(100);
    expect(user7).toEqual(lines.filter((line) => line.user_id === 7));
  });

  it('CSV carries the same lines', async () => {
    const csv = (await download('csv', '&user_id=7')).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe(Object.keys(statementLineSchema.shape).join(','));
    expect(csv).toHaveLength(user7.length + 1);
    const quotaColumn = csv[0]?.split(',').indexOf('quota') ?? -1;
    expect(csv.slice(1).map((row) => Number(row.split(',')[quotaColumn]))).toEqual(user7.map((line) => line.quota));
  });

  it('Parquet, read back by ClickHouse itself, holds the same lines', async () => {
    const file = join(dir, 'statement.parquet');
    await writeFile(file, (await download('parquet', '&user_id=7')).rawPayload);
    const read = await querier.query({ sql: `SELECT * FROM file('${file}', Parquet)`, schema: statementLineSchema });
    expect(read).toEqual(user7);
  });

  it('XLSX, read back by exceljs, holds the same lines', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array((await download('xlsx', '&user_id=7')).rawPayload).buffer);
    const sheet = workbook.getWorksheet('statement');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(statementLineSchema.shape));
    const rows: unknown[] = [];
    sheet?.eachRow((row, number) => {
      // exceljs leaves an empty text cell out of the row: read it back as ''.
      const cells = header.map((name, k) => [name, (row.values as unknown[])[k + 1] ?? (name === 'actor_id' ? null : '')]);
      if (number > 1) rows.push(statementLineSchema.parse(Object.fromEntries(cells)));
    });
    expect(rows).toEqual(user7);
  });
});
