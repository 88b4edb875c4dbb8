import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerRelayCors } from './relay-cors.js';

/** The registration before issue #37: @fastify/cors's delegator on every call, then the CORP hook. */
async function asBefore(app: FastifyInstance): Promise<void> {
  const keySurfaces = /^\/(v1|v1beta|mj|suno|dashboard)(\/|$)/;
  const keySurfaceCors = {
    origin: '*',
    credentials: false,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'x-api-key', 'anthropic-version', 'anthropic-beta', 'anthropic-dangerous-direct-browser-access', 'x-goog-api-key', 'x-goog-api-client', 'OpenAI-Organization', 'OpenAI-Project', 'OpenAI-Beta', 'mj-api-secret', 'x-stainless-arch', 'x-stainless-lang', 'x-stainless-os', 'x-stainless-package-version', 'x-stainless-retry-count', 'x-stainless-runtime', 'x-stainless-runtime-version', 'x-stainless-timeout', 'x-stainless-helper', 'x-stainless-helper-method'],
    exposedHeaders: ['x-tollgate-overhead-ms', 'retry-after'],
    maxAge: 86_400,
  };
  await app.register(cors, { delegator: (request: FastifyRequest, answer) => answer(null, keySurfaces.test(request.url) ? keySurfaceCors : { origin: false }) });
  app.addHook('onRequest', async (request, reply) => {
    if (keySurfaces.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

async function relayApp(register: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  // A Vary set before the relay's hooks run, as a global hook of the app would.
  app.addHook('onRequest', (request, reply, done) => {
    const preset: Record<string, string> = { '/v1/models': 'Accept, origin', '/v1/modelsstar': '*', '/v1/modelsaccept': 'Accept' };
    if (preset[request.url]) reply.header('vary', preset[request.url]);
    done();
  });
  await app.register(async (relay) => {
    await register(relay);
    relay.post('/v1/chat/completions', async () => ({ ok: true }));
    relay.get('/mj/image/:id', async () => 'png');
    relay.get('/pg/models', async () => ({ ok: true }));
    relay.get('/v1/varied', async (_request, reply) => reply.header('vary', 'Accept-Encoding').send({ ok: true }));
    relay.get('/v1/models', async () => ({ ok: true }));
    relay.get('/v1/modelsstar', async () => ({ ok: true }));
    relay.get('/v1/modelsaccept', async () => ({ ok: true }));
  });
  await app.ready();
  return app;
}

const preflight = (url: string, origin = 'https://app.example'): InjectOptions => ({
  method: 'OPTIONS',
  url,
  headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
});

const calls: InjectOptions[] = [
  { method: 'POST', url: '/v1/chat/completions', payload: {} },
  { method: 'POST', url: '/v1/chat/completions', payload: {}, headers: { origin: 'https://app.example' } },
  { method: 'GET', url: '/mj/image/7', headers: { origin: 'https://other.example' } },
  { method: 'GET', url: '/pg/models', headers: { origin: 'https://app.example' } },
  { method: 'GET', url: '/v1/varied' },
  { method: 'GET', url: '/v1/models' },
  { method: 'GET', url: '/v1/modelsstar' },
  { method: 'GET', url: '/v1/modelsaccept' },
  preflight('/v1/chat/completions'),
  preflight('/v1beta/models/gemini:generateContent'),
  preflight('/pg/models'),
  preflight('/api/user/self'),
  { method: 'OPTIONS', url: '/v1/chat/completions' },
];

describe('the relay CORS headers (issue #37: the delegator left for preflights only)', () => {
  const apps = Promise.all([relayApp(asBefore), relayApp(registerRelayCors)]);
  afterAll(async () => {
    for (const app of await apps) await app.close();
  });

  it.each(calls.map((call) => [`${call.method} ${call.url}${call.headers?.origin ? ' from another origin' : ''}`, call] as const))('answers %s with the same status and headers as before', async (_name, call) => {
    const [before, after] = await apps;
    const [old, now] = await Promise.all([before.inject(call), after.inject(call)]);
    const { date: _oldDate, ...oldHeaders } = old.headers;
    const { date: _newDate, ...newHeaders } = now.headers;
    expect(now.statusCode).toBe(old.statusCode);
    expect(newHeaders).toEqual(oldHeaders);
  });

  it('answers the key surfaces with CORS for any origin, and the others with none', async () => {
    const [, after] = await apps;
    const relayed = await after.inject(calls[1] ?? {});
    expect(relayed.headers['access-control-allow-origin']).toBe('*');
    expect(relayed.headers['access-control-expose-headers']).toBe('x-tollgate-overhead-ms, retry-after');
    expect(relayed.headers.vary).toBe('Origin');
    const playground = await after.inject(calls[3] ?? {});
    expect(playground.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await after.inject(preflight('/v1/chat/completions'));
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-headers']).toContain('Authorization');
  });
});
