import { granularities, type Granularity, MAX_EPOCH_SECOND } from '@tollgate/analytics';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { Options } from '../../ports/options.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryInt, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';

export type DataDeps = AnalyticsContext;

/** new-api records no dashboard data while the option is off; this gateway says so instead. */
export const DATA_EXPORT_DISABLED = '数据看板功能未启用';
/** new-api's limit on a user's own dashboard range: 30 days. */
const SELF_MAX_SPAN_SECONDS = 2_592_000;
const SELF_SPAN_TOO_LONG = '时间跨度不能超过 1 个月';

const granularity = z.enum(granularities, { message: INVALID_PARAMS }).optional();

const dataQuery = z.object({
  // Missing bounds read as 0, as new-api's ParseInt with the error ignored does.
  start_timestamp: queryInt.transform((value) => value ?? 0),
  end_timestamp: queryInt.transform((value) => value ?? 0),
  username: queryString,
  /** The bucket width; `default_time` is the option's name, which the console may send as is. */
  granularity: z.preprocess((value) => value || undefined, granularity),
  default_time: z.preprocess((value) => value || undefined, granularity),
});
type DataQuery = z.infer<typeof dataQuery>;

/** Throws new-api-style when the administrator turned the dashboard off. */
export function requireDataExport(options: Options): void {
  if (!options.boolean('DataExportEnabled')) throw new ApiFailure(DATA_EXPORT_DISABLED);
}

function bucketOf(q: DataQuery, options: Options): Granularity {
  const fallback = options.string('DataExportDefaultTime');
  return q.granularity ?? q.default_time ?? (granularities.find((known) => known === fallback) ?? 'hour');
}

/**
 * The range in what a DateTime holds, or null when it holds no row (it ends before 1970 or starts
 * past 2106): new-api's query then finds nothing, and so does this one without asking.
 */
function rangeOf(q: DataQuery) {
  if (q.start_timestamp > q.end_timestamp) throw new ApiFailure(INVALID_PARAMS);
  if (q.end_timestamp < 0 || q.start_timestamp > MAX_EPOCH_SECOND) return null;
  return { startTimestamp: Math.max(q.start_timestamp, 0), endTimestamp: Math.min(q.end_timestamp, MAX_EPOCH_SECOND) };
}

/** The data dashboard (`/detail`): quota, tokens and requests by model over time, from the rollup. */
export function registerDataRoutes(app: FastifyInstance, { deps, guard }: ApiContext<DataDeps>): void {
  route(app, 'GET', '/data/', guard.admin, async (request) => {
    requireDataExport(deps.options);
    const q = parseInput(dataQuery, request.query);
    const range = rangeOf(q);
    if (!range) return ok([]);
    return ok(await deps.usage.quotaData({ ...range, granularity: bucketOf(q, deps.options), ...(q.username ? { username: q.username } : {}) }));
  });

  route(app, 'GET', '/data/self/', guard.user, async (request) => {
    requireDataExport(deps.options);
    const q = parseInput(dataQuery, request.query);
    if (q.end_timestamp - q.start_timestamp > SELF_MAX_SPAN_SECONDS) throw new ApiFailure(SELF_SPAN_TOO_LONG);
    const range = rangeOf(q);
    if (!range) return ok([]);
    return ok(await deps.usage.quotaData({ ...range, granularity: bucketOf(q, deps.options), userId: signedIn(request).id }));
  });
}
