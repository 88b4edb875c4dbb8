import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GatewayDeps } from './deps.js';
import type { CoreContext } from './contexts/core.js';
import { answerClientError } from './http/client-error.js';
import { answerError, registerErrorHandler } from './http/error-handler.js';
import { MAX_BODY_BYTES, registerJsonBodyParser } from './http/json-body.js';
import { serializeRequest } from './http/log-serializers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { relayLogLevel } from './http/relay-log-level.js';
import { startPeriodicChecks } from './channels/periodic-checks.js';
import { registerLive } from './live/socket.js';
import { OpsMeter } from './ops/ops-meter.js';
import { createRelayMetrics, type RelayMetrics } from './relay/overhead.js';
import { registerConsole } from './console-serving/routes/console.js';
import { passThroughEnabled } from './relay/surfaces/pass-through.js';
import { wireApi } from './composition/wire-api.js';
import { wireRelay } from './composition/wire-relay.js';

/** Another gateway saved an option: re-read them all (a saved option reaches every gateway). */
function followOptionChanges(app: FastifyInstance, deps: CoreContext): void {
  const unsubscribe = deps.notices.subscribe((kind) => {
    if (kind !== 'options') return;
    deps.options.reload().then(
      (refused) => refused.forEach((option) => app.log.warn(option, 'stored option refused')),
      (error: unknown) => app.log.warn({ err: error }, 'options could not be re-read'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
}

/**
 * Builds the whole HTTP surface without listening, so tests drive it through `inject` or a real
 * port. `metrics` are the relay's, which the metrics listener serves too. `closeEngines` runs
 * once every plugin has closed: Fastify runs onClose hooks last registered first, so it is
 * registered before them (the relay's last flush of usage events must reach an open event log).
 */
export async function buildApp(deps: GatewayDeps, metrics: RelayMetrics = createRelayMetrics(), closeEngines?: () => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: deps.config.LOG_LEVEL, serializers: { req: serializeRequest } },
    bodyLimit: MAX_BODY_BYTES,
    // Forwarded headers count only from the configured proxies; an empty list believes none.
    trustProxy: deps.config.TRUSTED_PROXIES,
    // Task ids carry upstream names (a Veo operation's, in base64url, grows with its model's name); new-api's router has no such limit.
    routerOptions: { maxParamLength: 500 },
    // Node answers 408 and closes a connection whose request is not in whole by then, looking every second at most.
    // Node 20 reads the limit when the server is created, so it goes in `http` too, not only on the server Fastify made.
    requestTimeout: deps.config.BODY_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      answerError(error, request, reply);
    },
    http: { requestTimeout: deps.config.BODY_TIMEOUT_MS, connectionsCheckingInterval: Math.min(1000, deps.config.BODY_TIMEOUT_MS || 1000) },
  }).withTypeProvider<ZodTypeProvider>();
  if (closeEngines) app.addHook('onClose', closeEngines);
  registerJsonBodyParser(app, () => passThroughEnabled(deps.options));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie, { secret: deps.sessionSecret });
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  await app.register(wireApi, { prefix: '/api', deps });
  // One meter per gateway: the relay counts its calls into it, the live module reports them.
  const ops = new OpsMeter();
  const live = registerLive(app, deps, ops);
  await app.register(wireRelay, { deps, live, ops, metrics, logLevel: relayLogLevel(deps.config) });
  followOptionChanges(app, deps);
  const stopChecks = startPeriodicChecks(deps, (error) => app.log.warn({ err: error }, 'periodic chore failed'));
  app.addHook('onClose', async () => stopChecks());
  if (deps.consoleDir) await app.register(registerConsole, { root: deps.consoleDir });
  return app;
}
