import { type DailyUsage, MAX_EPOCH_SECOND } from '@tollgate/analytics';
import type { LogEntry } from '@tollgate/wire';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { ApiFailure } from '../../http/errors.js';
import { encodeExport, type ExportColumn, exportFormats, exportHeaders, type ExportFormat } from '../../http/tabular-export.js';
import { requireDataExport } from './data.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryInt } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';

export type UsageExportDeps = AnalyticsContext;

const RANGE_REQUIRED = 'start_timestamp and end_timestamp are required';

/** A bound past 2106 (what a DateTime holds) reads as that last second: no row lies beyond it. */
const epochBound = queryInt.pipe(z.number({ message: RANGE_REQUIRED }).int().nonnegative({ message: INVALID_PARAMS })).transform((value) => Math.min(value, MAX_EPOCH_SECOND));

const exportQuery = z.object({
  format: z.preprocess((value) => value || 'csv', z.enum(exportFormats, { message: INVALID_PARAMS })),
  start_timestamp: epochBound,
  end_timestamp: epochBound,
});

/** A log row as finance reads it: every field of the admin's log entry. */
const logColumns: ExportColumn<LogEntry>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'created_at', value: (row) => row.created_at },
  { header: 'type', value: (row) => row.type },
  { header: 'user_id', value: (row) => row.user_id },
  { header: 'username', value: (row) => row.username },
  { header: 'token_name', value: (row) => row.token_name },
  { header: 'model_name', value: (row) => row.model_name },
  { header: 'channel', value: (row) => row.channel },
  { header: 'group', value: (row) => row.group },
  { header: 'quota', value: (row) => row.quota },
  { header: 'prompt_tokens', value: (row) => row.prompt_tokens },
  { header: 'completion_tokens', value: (row) => row.completion_tokens },
  { header: 'use_time', value: (row) => row.use_time },
  { header: 'is_stream', value: (row) => row.is_stream },
  { header: 'content', value: (row) => row.content },
  { header: 'other', value: (row) => row.other },
];

const dailyColumns: ExportColumn<DailyUsage>[] = [
  { header: 'day', value: (row) => row.day },
  { header: 'user_id', value: (row) => row.user_id },
  { header: 'username', value: (row) => row.username },
  { header: 'model_name', value: (row) => row.model_name },
  { header: 'requests', value: (row) => row.requests },
  { header: 'prompt_tokens', value: (row) => row.prompt_tokens },
  { header: 'completion_tokens', value: (row) => row.completion_tokens },
  { header: 'quota', value: (row) => row.quota },
];

function parseExport(query: unknown) {
  const q = parseInput(exportQuery, query);
  if (q.start_timestamp > q.end_timestamp) throw new ApiFailure(INVALID_PARAMS);
  return { format: q.format, range: { startTimestamp: q.start_timestamp, endTimestamp: q.end_timestamp } };
}

/** Streams the encoded pages; a client that goes away destroys the stream, which stops the paging. */
function sendExport<Row>(reply: FastifyReply, format: ExportFormat, baseName: string, columns: ExportColumn<Row>[], pages: AsyncIterable<Row[]>) {
  return reply.headers(exportHeaders(format, baseName)).send(Readable.from(encodeExport(format, columns, pages)));
}

/** The finance exports (administrators): log rows, and per-user, per-model, per-day totals. */
export function registerUsageExportRoutes(app: FastifyInstance, { deps, guard }: ApiContext<UsageExportDeps>): void {
  route(app, 'GET', '/log/export', guard.admin, async (request, reply) => {
    const { format, range } = parseExport(request.query);
    const name = `tollgate-logs-${range.startTimestamp}-${range.endTimestamp}`;
    return sendExport(reply, format, name, logColumns, deps.usage.exportLogs(range));
  });

  route(app, 'GET', '/data/export', guard.admin, async (request, reply) => {
    requireDataExport(deps.options);
    const { format, range } = parseExport(request.query);
    const name = `tollgate-daily-usage-${range.startTimestamp}-${range.endTimestamp}`;
    return sendExport(reply, format, name, dailyColumns, deps.usage.exportDailyUsage(range));
  });
}
