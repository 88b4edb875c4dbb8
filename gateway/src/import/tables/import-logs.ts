import { type AnalyticsQuerier, dropAlreadyIngested, importedLogIdPrefix, type LogRow, logsTable } from '@tollgate/analytics';
import { z } from 'zod';
import type { ImportContext } from '../import-context.js';
import { type SourceLog, sourceLog } from '../sources/new-api-rows.js';

/**
 * Log rows per page. chdb pays a fixed cost per insert (a part per table and per rollup view);
 * pages of 20,000 halve it against 5,000 while a page stays a few megabytes.
 */
const LOG_BATCH_SIZE = 20_000;

/** The row's id in ClickHouse: from the source's, so a second import finds its rows already there. */
const LOG_ID_PREFIX = importedLogIdPrefix;
const importedLogId = (sourceId: number) => `${LOG_ID_PREFIX}${sourceId}`;

/** The same columns the analytics worker writes for an event (analytics/src/ingest/event-to-log-row.ts). */
function toLogRow(row: SourceLog): LogRow {
  return {
    id: importedLogId(row.id),
    created_at: row.created_at,
    type: row.type,
    user_id: row.user_id,
    username: row.username,
    token_id: row.token_id,
    token_name: row.token_name,
    channel_id: row.channel_id,
    model_name: row.model_name,
    quota: row.quota,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time || Math.round(row.elapsed_time / 1000),
    is_stream: row.is_stream,
    content: row.content,
    other: row.other || '{}',
    group: row.group,
  };
}

/** What earlier imports brought into ClickHouse: the highest source id (0: none) and how many distinct rows. */
async function importedLogs(querier: AnalyticsQuerier): Promise<{ highest: number; rows: number }> {
  const [row] = await querier.query({
    sql: `SELECT max(toUInt64OrZero(substring(id, {from:UInt32}))) AS highest, uniqExact(id) AS rows FROM ${logsTable} WHERE startsWith(id, {prefix:String})`,
    params: { prefix: LOG_ID_PREFIX, from: LOG_ID_PREFIX.length + 1 },
    schema: z.object({ highest: z.coerce.number(), rows: z.coerce.number() }),
  });
  return row ?? { highest: 0, rows: 0 };
}

/**
 * Where reading the source may start. Pages are inserted in id order, so when ClickHouse holds as
 * many imported rows as the source has up to the highest imported id, that whole range is there
 * and is not read again: a second run reads only what new-api wrote since. Otherwise (rows
 * deleted in new-api since, a page lost) every page is read and checked row by row.
 */
async function resumePoint(context: ImportContext): Promise<{ after: number; present: number; importedUpTo: number }> {
  const { highest, rows } = await importedLogs(context.targets.querier);
  if (highest === 0) return { after: -1, present: 0, importedUpTo: 0 };
  const present = await context.logSource.countThrough('logs', highest);
  return present === rows ? { after: highest, present, importedUpTo: highest } : { after: -1, present: 0, importedUpTo: highest };
}

/**
 * Streams the log table into ClickHouse a page at a time, one insert per page, so memory stays
 * flat over millions of rows. Rows already there (a second run) are dropped first, as the
 * analytics worker drops a redelivered batch, so the per-minute rollups never count one twice.
 */
export async function importLogs(context: ImportContext): Promise<void> {
  const { logSource: source, report, targets } = context;
  if (!(await source.hasTable('logs'))) return report.note('no logs table in the source (new-api with LOG_SQL_DSN: give that database as the log source)');
  const total = await source.count('logs');
  const { after, present, importedUpTo } = await resumePoint(context);
  report.skipMany('log rows', 'already in ClickHouse', present);
  let done = present;
  if (present > 0) context.onProgress('logs', done, total);
  for await (const page of source.batches('logs', LOG_BATCH_SIZE, after)) {
    const rows = page.map((raw) => toLogRow(sourceLog.parse(raw)));
    const mayBeThere = Number(page[0]?.id) <= importedUpTo;
    const fresh = mayBeThere ? await dropAlreadyIngested(targets.querier, rows) : rows;
    if (!context.dryRun && fresh.length > 0) await targets.querier.insert(logsTable, fresh);
    report.add('log rows', fresh.length);
    report.skipMany('log rows', 'already in ClickHouse', rows.length - fresh.length);
    context.onProgress('logs', (done += page.length), total);
  }
  if (done > 0) report.note('log IP addresses are not carried: Tollgate log rows have no IP column');
}
