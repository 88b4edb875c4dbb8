import type { preHandlerAsyncHookHandler } from 'fastify';
import type { CoreContext } from '../../contexts/core.js';
import { verifyTurnstile } from '../../sign-in/turnstile.js';

export type TurnstileGuardDeps = CoreContext;

/**
 * With TurnstileCheckEnabled, the call needs `?turnstile=` (the widget's token), verified with
 * Cloudflare's siteverify before the route runs. Texts are new-api's.
 */
export function requireTurnstile(deps: TurnstileGuardDeps): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    if (!deps.options.boolean('TurnstileCheckEnabled')) return;
    const token = (request.query as { turnstile?: unknown } | undefined)?.turnstile;
    if (typeof token !== 'string' || token === '') return reply.send({ success: false, message: 'Turnstile token 为空' });
    const verified = await verifyTurnstile(deps.config.TURNSTILE_VERIFY_URL, deps.options.string('TurnstileSecretKey'), token, request.ip);
    if (!verified.ok) return reply.send({ success: false, message: verified.message });
  };
}
