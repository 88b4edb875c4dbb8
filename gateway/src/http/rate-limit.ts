import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import type { RateLimiter, RateLimiters } from '../ports/hot-state/rate-limiter.js';
import { fail } from './envelope.js';

export const TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试';

/** Routes where guessing is the attack (passwords, codes, mail floods): a tighter limit on top. */
const criticalRoutes = new Set([
  '/api/user/login',
  '/api/user/login/2fa',
  '/api/user/register',
  '/api/reset_password',
  '/api/user/reset',
  '/api/verification',
  '/api/user/topup',
  // Each creates a checkout at the provider, as new-api limits them.
  '/api/user/stripe/pay',
  '/api/user/creem/pay',
  '/api/oauth/github',
  '/api/oauth/linuxdo',
  '/api/oauth/oidc',
  // A key guessed here reads usage: as new-api, the tighter limit.
  '/api/log/token',
  '/api/oauth/wechat',
  '/api/oauth/wechat/bind',
  '/api/oauth/telegram/login',
  '/api/oauth/telegram/bind',
  '/api/oauth/email/bind',
]);

type Limit = { limiter: RateLimiter; applies: (request: FastifyRequest) => boolean };

function limitsOf(config: GatewayConfig, limiters: RateLimiters): Limit[] {
  const limits: Limit[] = [];
  if (config.GLOBAL_API_RATE_LIMIT > 0) {
    const limiter = limiters({ name: 'api', points: config.GLOBAL_API_RATE_LIMIT, durationSeconds: config.GLOBAL_API_RATE_LIMIT_DURATION });
    limits.push({ limiter, applies: () => true });
  }
  if (config.CRITICAL_RATE_LIMIT > 0) {
    const limiter = limiters({ name: 'critical', points: config.CRITICAL_RATE_LIMIT, durationSeconds: config.CRITICAL_RATE_LIMIT_DURATION });
    limits.push({ limiter, applies: (request) => criticalRoutes.has(request.routeOptions.url ?? '') });
  }
  return limits;
}

/**
 * Limits the calls of each client IP (behind a proxy, its X-Forwarded-For) to the management API
 * in the plugin it is registered in: 429 in the envelope, with Retry-After.
 */
export function limitRate(app: FastifyInstance, config: GatewayConfig, limiters: RateLimiters): void {
  const limits = limitsOf(config, limiters);
  if (limits.length === 0) return;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { limiter, applies } of limits) {
      if (!applies(request)) continue;
      const waitSeconds = await limiter.take(request.ip);
      if (waitSeconds === null) continue;
      return reply.header('retry-after', String(waitSeconds)).send(fail(reply, TOO_MANY_REQUESTS, 429));
    }
  });
}
