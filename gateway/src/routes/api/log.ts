import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { selfRow } from '../../logs/visible-row.js';
import type { LogFilter, LogRow } from '../../ports/log-reader.js';
import { type ApiContext, signedIn } from './support/context.js';
import { parseInput, queryInt, queryString } from './support/input.js';
import { pageFromOne, pageOf } from './support/paging.js';
import { route } from './support/route.js';

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
const deleteQuery = z.object({ target_timestamp: queryInt.pipe(z.number({ message: 'target timestamp is required' }).int().positive({ message: 'target timestamp is required' })) });

/** The filters a query sets; zero and empty mean "any", as in new-api. `admin` adds username and channel. */
function filterOf(q: LogQuery, admin: boolean): LogFilter {
  const filter: LogFilter = {};
  if (q.type) filter.type = q.type;
  if (q.token_name) filter.tokenName = q.token_name;
  if (q.model_name) filter.modelName = q.model_name;
  if (q.start_timestamp) filter.startTimestamp = q.start_timestamp;
  if (q.end_timestamp) filter.endTimestamp = q.end_timestamp;
  if (admin && q.username) filter.username = q.username;
  if (admin && q.channel) filter.channel = q.channel;
  return filter;
}

/** Usage logs (read from analytics) and their stats; administrators see everyone's. */
export function registerLogRoutes(app: FastifyInstance, { deps, guard }: ApiContext): void {
  const list = async (query: unknown, filter: (q: LogQuery) => LogFilter, shape: (row: LogRow) => object) => {
    const q = parseInput(logQuery, query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size);
    const result = await deps.logs.list(filter(q), { offset, limit: pageSize });
    return ok(pageOf(result.items.map(shape), result.total, page, pageSize));
  };
  const stat = async (query: unknown, filter: (q: LogQuery) => LogFilter) => ok(await deps.logs.stat(filter(parseInput(logQuery, query))));

  route(app, 'GET', '/log/self/', guard.user, async (request) => list(request.query, (q) => ({ ...filterOf(q, false), userId: signedIn(request).id }), selfRow));
  route(app, 'GET', '/log/self/stat', guard.user, async (request) => stat(request.query, (q) => ({ ...filterOf(q, false), userId: signedIn(request).id })));
  route(app, 'GET', '/log/', guard.admin, async (request) => list(request.query, (q) => filterOf(q, true), (row) => row));
  route(app, 'GET', '/log/stat', guard.admin, async (request) => stat(request.query, (q) => filterOf(q, true)));

  route(app, 'DELETE', '/log/', guard.root, async (request) => {
    const { target_timestamp } = parseInput(deleteQuery, request.query);
    return ok(await deps.logs.deleteBefore(target_timestamp));
  });
}
