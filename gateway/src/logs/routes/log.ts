import { MAX_EPOCH_SECOND } from '@tollgate/analytics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { withChannelNames } from '../channel-names.js';
import { selfRow } from '../visible-row.js';
import type { LogFilter } from '../../ports/log-reader.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';
import { audits } from '../../audit/admin-writes.js';

export type LogDeps = ChannelsContext & AnalyticsContext;

const logQuery = z.object({
  p: queryInt,
  page_size: queryInt,
  type: queryInt,
  username: queryString,
  token_name: queryString,
  model_name: queryString,
  start_timestamp: queryInt,
  end_timestamp: queryInt,
  channel: queryInt,
});
type LogQuery = z.infer<typeof logQuery>;
const deleteQuery = z.object({
  // A cutoff past 2106 deletes what one at the last DateTime second does: everything.
  target_timestamp: queryInt.pipe(z.number({ message: 'target timestamp is required' }).int().positive({ message: 'target timestamp is required' })).transform((value) => Math.min(value, MAX_EPOCH_SECOND)),
});

/** A query's filters, and whether its time range can hold any row at all. */
interface QueryFilter {
  filter: LogFilter;
  /** An end before 1970 or a start past what a DateTime holds: new-api's query finds no row. */
  emptyRange: boolean;
}

/**
 * The filters a query sets; zero and empty mean "any", as in new-api. `admin` adds username and
 * channel. A start before 1970 bounds nothing and an end past 2106 neither, so both are dropped.
 */
function filterOf(q: LogQuery, admin: boolean): QueryFilter {
  const filter: LogFilter = {};
  if (q.type) filter.type = q.type;
  if (q.token_name) filter.tokenName = q.token_name;
  if (q.model_name) filter.modelName = q.model_name;
  if (q.start_timestamp && q.start_timestamp > 0 && q.start_timestamp <= MAX_EPOCH_SECOND) filter.startTimestamp = q.start_timestamp;
  if (q.end_timestamp && q.end_timestamp > 0 && q.end_timestamp <= MAX_EPOCH_SECOND) filter.endTimestamp = q.end_timestamp;
  if (admin && q.username) filter.username = q.username;
  if (admin && q.channel) filter.channel = q.channel;
  const emptyRange = (q.end_timestamp ?? 0) < 0 || (q.start_timestamp ?? 0) > MAX_EPOCH_SECOND;
  return { filter, emptyRange };
}

/** Usage logs (read from analytics) and their stats; administrators see everyone's. */
export function registerLogRoutes(app: FastifyInstance, { deps, guard }: ApiContext<LogDeps>): void {
  const queryOf = (request: FastifyRequest, admin: boolean): QueryFilter & { q: LogQuery } => {
    const q = parseInput(logQuery, request.query);
    const { filter, emptyRange } = filterOf(q, admin);
    return { q, emptyRange, filter: admin ? filter : { ...filter, userId: signedIn(request).id } };
  };
  const list = async (request: FastifyRequest, admin: boolean) => {
    const { q, filter, emptyRange } = queryOf(request, admin);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const result = emptyRange ? { items: [], total: 0 } : await deps.logs.list(filter, { offset, limit: pageSize });
    const items: object[] = admin ? await withChannelNames(deps.channels, result.items) : result.items.map(selfRow);
    return ok(pageOf(items, result.total, page, pageSize));
  };
  // RPM and TPM look at the last minute whatever the range; only the quota is the range's.
  const stat = async (request: FastifyRequest, admin: boolean) => {
    const { filter, emptyRange } = queryOf(request, admin);
    const stats = await deps.logs.stat(filter);
    return ok(emptyRange ? { ...stats, quota: 0 } : stats);
  };

  route(app, 'GET', '/log/self/', guard.user, async (request) => list(request, false));
  route(app, 'GET', '/log/self/stat', guard.user, async (request) => stat(request, false));
  route(app, 'GET', '/log/', guard.admin, async (request) => list(request, true));
  route(app, 'GET', '/log/stat', guard.admin, async (request) => stat(request, true));

  route(app, 'DELETE', '/log/', guard.root, async (request) => {
    const { target_timestamp } = parseInput(deleteQuery, request.query);
    return ok(await deps.logs.deleteBefore(target_timestamp));
  }, audits.logsDeleted);
}
