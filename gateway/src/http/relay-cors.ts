import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** Registered in the relay's plugin: CORS for the key surfaces and their preflights; nothing for the rest. */
export async function registerRelayCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (request: FastifyRequest, answer) => answer(null, KEY_SURFACES.test(request.url) ? keySurfaceCors : { origin: false }),
  });
  // Images and audio the relay hands out (e.g. /mj/image/:id) may be embedded by other sites' pages.
  // A callback hook, not an async one: every relayed call passes it, and an async hook costs each
  // call a promise and a turn of the microtask queue for one header (issue #37).
  app.addHook('onRequest', (request, reply, done) => {
    if (KEY_SURFACES.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
