import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MAX_EPOCH_SECOND } from '@tollgate/analytics';
import type { MoneyContext } from '../../contexts/money.js';
import type { AnalyticsContext } from '../../contexts/analytics.js';
import { encodeStatement, statementFormats, statementHeaders } from '../statement-formats.js';
import { type StatementRequest, statementLines } from '../statement-lines.js';
import { moneyRateOf } from '../statement-money.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryInt } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';

export type StatementDeps = MoneyContext & AnalyticsContext;

const RANGE_REQUIRED = 'start_timestamp and end_timestamp are required, end after start by a minute at least';

/** Periods are whole minutes (the rollups' grain), so the ledger's and the rollups' edges agree. */
const minuteBound = queryInt
  .pipe(z.number({ message: RANGE_REQUIRED }).int().nonnegative({ message: INVALID_PARAMS }))
  .transform((value) => Math.min(value, MAX_EPOCH_SECOND) - (Math.min(value, MAX_EPOCH_SECOND) % 60));

const statementQuery = z
  .object({
    format: z.preprocess((value) => value || 'csv', z.enum(statementFormats, { message: INVALID_PARAMS })),
    start_timestamp: minuteBound,
    end_timestamp: minuteBound,
    user_id: queryInt.pipe(z.number().int().positive({ message: INVALID_PARAMS }).optional()),
  })
  .refine((q) => q.end_timestamp > q.start_timestamp, { message: RANGE_REQUIRED });

/** Sends the statement of `request` as a download; the pages are pulled as the client reads. */
function sendStatement(reply: FastifyReply, deps: StatementDeps, format: (typeof statementFormats)[number], request: StatementRequest) {
  const pages = statementLines({ history: deps.history, usage: deps.usage, rate: moneyRateOf(deps.options) }, request);
  const name = `tollgate-statement-${request.userId ?? 'all'}-${request.start}-${request.end}`;
  return reply.headers(statementHeaders(format, name)).send(encodeStatement(format, pages, (lines) => deps.usage.statementParquet(lines)));
}

/**
 * Statements (opening, movements, consumption per day and model, closing with its check):
 * administrators for any user or all (`user_id` absent), each user for their own. Session or
 * access token, as every /api call.
 */
export function registerStatementRoutes(app: FastifyInstance, { deps, guard }: ApiContext<StatementDeps>): void {
  route(app, 'GET', '/statement', guard.admin, async (request, reply) => {
    const q = parseInput(statementQuery, request.query, 400);
    return sendStatement(reply, deps, q.format, { start: q.start_timestamp, end: q.end_timestamp, ...(q.user_id === undefined ? {} : { userId: q.user_id }) });
  });
  route(app, 'GET', '/statement/self', guard.user, async (request, reply) => {
    const q = parseInput(statementQuery, request.query, 400);
    return sendStatement(reply, deps, q.format, { start: q.start_timestamp, end: q.end_timestamp, userId: signedIn(request).id });
  });
}
