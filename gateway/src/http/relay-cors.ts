import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The surfaces a key authenticates: a browser app on any origin may call them with a key it holds
 * (no cookie is ever read there). The playground, /metrics and /api are left out: they go by
 * session or are not for browsers, so another origin gets no CORS answer from them.
 */
const KEY_SURFACES = /^\/(v1|v1beta|mj|suno|dashboard)(\/|$)/;

/** What the OpenAI, Anthropic and Google SDKs send (the x-stainless-* family is the OpenAI and Anthropic SDKs' telemetry). */
const SDK_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'x-api-key',
  'anthropic-version',
  'anthropic-beta',
  'anthropic-dangerous-direct-browser-access',
  'x-goog-api-key',
  'x-goog-api-client',
  'OpenAI-Organization',
  'OpenAI-Project',
  'OpenAI-Beta',
  'mj-api-secret',
  'x-stainless-arch',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
  'x-stainless-helper',
  'x-stainless-helper-method',
];

/** Headers of the answer that a browser app may read: the gateway's overhead and when to retry. */
const EXPOSED_HEADERS = ['x-tollgate-overhead-ms', 'retry-after'];

const keySurfaceCors: FastifyCorsOptions = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowedHeaders: SDK_HEADERS,
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
};

/** What @fastify/cors's Vary handling does: Origin added once, a `*` left alone. */
function varyOnOrigin(reply: FastifyReply): void {
  const header = reply.getHeader('vary');
  if (header === undefined || header === '') return void reply.header('vary', 'Origin');
  const text = Array.isArray(header) ? header.join(', ') : String(header);
  const names = text.split(',').map((name) => name.trim().toLowerCase());
  if (!names.includes('*') && !names.includes('origin')) reply.header('vary', `${text}, Origin`);
}

/**
 * Registered in the relay's plugin: CORS for the key surfaces and their preflights; nothing for the rest.
 *
 * A preflight (OPTIONS) is @fastify/cors's, registered in a scope of its own that holds only its
 * OPTIONS route, so its hook runs for preflights alone. Every other call gets the same headers
 * from one callback hook: the plugin's delegator normalised its options afresh on every relayed
 * call (two object copies of fifteen fields), a measured 1.5% of the relay's CPU (issue #37).
 */
export async function registerRelayCors(app: FastifyInstance): Promise<void> {
  await app.register(async (preflights) => {
    await preflights.register(cors, {
      delegator: (request: FastifyRequest, answer) => answer(null, KEY_SURFACES.test(request.url) ? keySurfaceCors : { origin: false }),
    });
  });
  const exposed = EXPOSED_HEADERS.join(', ');
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'OPTIONS') return done();
    varyOnOrigin(reply);
    if (KEY_SURFACES.test(request.url)) {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', exposed);
      // Images and audio the relay hands out (e.g. /mj/image/:id) may be embedded by other sites' pages.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done();
  });
}
