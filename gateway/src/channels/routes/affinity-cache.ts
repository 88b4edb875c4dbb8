import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { ApiContext } from '../../api/support/context.js';
import { parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { audits } from '../../audit/admin-writes.js';
import { affinityCacheStats, clearAffinityRule } from '../affinity/affinity-cache.js';

export type AffinityCacheDeps = ChannelsContext;

const clearQuery = z.object({ all: queryString, rule_name: queryString });

/** new-api's channel affinity cache routes (root, under /api/option as new-api has them): its statistics, and clearing it all or by rule. */
export function registerAffinityCacheRoutes(app: FastifyInstance, { deps, guard }: ApiContext<AffinityCacheDeps>): void {
  route(app, 'GET', '/option/channel_affinity_cache', guard.root, async () => ok(await affinityCacheStats(deps)));

  route(app, 'DELETE', '/option/channel_affinity_cache', guard.root, async (request) => {
    const query = parseInput(clearQuery, request.query, 400);
    if (query.all === 'true') return ok({ deleted: await deps.affinities.clear('all') });
    if (!query.rule_name) throw new ApiFailure('缺少参数：rule_name，或使用 all=true 清空全部', 400);
    const result = await clearAffinityRule(deps, query.rule_name);
    if ('refused' in result) throw new ApiFailure(result.refused, 400);
    return ok(result);
  }, audits.affinityCacheCleared);
}
