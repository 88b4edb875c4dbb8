import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../../api/support/context.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { route } from '../../api/support/route.js';

/** The ratio maps another gateway's upstream ratio sync reads, under new-api's names. */
const EXPOSED = { model_ratio: 'ModelRatio', completion_ratio: 'CompletionRatio', cache_ratio: 'CacheRatio', create_cache_ratio: 'CreateCacheRatio', model_price: 'ModelPrice' } as const;

/** GET /api/ratio_config (public, new-api's GetRatioConfig): the prices, only while ExposeRatioEnabled is on. */
export function registerRatioConfigRoute(app: FastifyInstance, { deps }: ApiContext): void {
  route(app, 'GET', '/ratio_config', null, async () => {
    if (!deps.options.boolean('ExposeRatioEnabled')) throw new ApiFailure('倍率配置接口未启用', 403);
    return ok(Object.fromEntries(Object.entries(EXPOSED).map(([name, key]) => [name, deps.options.numberMap(key)])));
  });
}
