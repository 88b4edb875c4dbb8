import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzSeed } from '../support/config.js';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { relayCall } from '../support/inputs/fuzz-bodies.js';
import { asText, bodyText, oddValue, prototypeString, twist } from '../support/inputs/fuzz-values.js';
import { PROTOTYPE_NAMES, prototypeIntact, prototypeKeyedJson, surfaceCalls, withPrototypeKeys } from '../support/inputs/prototype-names.js';
import { type RegisteredRoute, registeredRoutes } from '../support/route-table/registered-routes.js';
import { MODELS, relayHeaders, startThreeChannels, type ThreeChannels } from '../support/gateways/three-channels.js';

/**
 * Property: whatever body, query or header a client sends, the answer is never a 5xx (the upstream
 * mocks answer 200, so a 5xx can only be ours), the server stays up, and its heap comes back.
 * Seeded and bounded: FUZZ_SEED replays a run; each property stops at its run count or its time.
 */
const SEED = fuzzSeed(20_261_126);
const RELAY = { numRuns: 600, seconds: 15 };
const API = { numRuns: 2_000, seconds: 20 };
const PROTO = { numRuns: 400, seconds: 12 };
/** How far the heap, after a forced GC, may end above where it started. */
const HEAP_SLACK_BYTES = 48 * 1024 * 1024;
/** Sign-in providers and the bot check point at a closed loopback port: the fuzz reaches nothing outside. */
const NOWHERE = 'http://127.0.0.1:9';

/** A forced full GC, without needing node to start with --expose-gc. */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const runOptions = (budget: { numRuns: number; seconds: number }) => ({ seed: SEED, numRuns: budget.numRuns, interruptAfterTimeLimit: budget.seconds * 1000, markInterruptAsFailure: false });

/** A 4xx in the surface's own error shape, as each provider's SDK reads it. */
function expectSurfaceError(path: string, body: unknown): void {
  if (path.startsWith('/v1/messages')) expect(body).toMatchObject({ type: 'error', error: { type: expect.any(String), message: expect.any(String) } });
  else if (path.startsWith('/v1beta/')) expect(body).toMatchObject({ error: { code: expect.any(Number), message: expect.any(String), status: expect.any(String) } });
  else if (path.startsWith('/v1/')) expect(body).toMatchObject({ error: { message: expect.any(String) } });
  else expect(body).toMatchObject({ success: false, message: expect.any(String) });
}

/**
 * new-api's one deliberate 5xx on bad input: a model name no channel serves is a 503 无可用渠道
 * (middleware/distributor.go, http.StatusServiceUnavailable), which clients and the wire-compatible
 * console expect. The fuzz sends odd model names, so it meets it; it is counted, not failed.
 */
function isNoChannel(status: number, answer: unknown): boolean {
  const body = answer as { error?: { code?: unknown; message?: unknown }; description?: unknown };
  // Midjourney's surface says it in its own shape: {code, description}.
  return status === 503 && (body.error?.code === 'model_not_found' || `${String(body.error?.message ?? '')} ${String(body.description ?? '')}`.includes('无可用渠道'));
}

async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

describe('fuzz: no 5xx from our own code', () => {
  let world: ThreeChannels;
  let gc: () => void;
  let heapBefore = 0;
  const ran = { relay: 0, api: 0, proto: 0 };
  const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
  /** Answers by status, to show the fuzz got past the schemas to the upstream (200s) as well as being refused. */
  const statuses: Record<string, number> = {};
  const tally = (surface: string, status: number) => {
    const key = `${surface} ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  };

  beforeAll(async () => {
    console.info(`no-5xx fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
    world = await startThreeChannels({ GITHUB_OAUTH_URL: NOWHERE, GITHUB_API_URL: NOWHERE, LINUXDO_OAUTH_URL: NOWHERE, TURNSTILE_VERIFY_URL: `${NOWHERE}/siteverify` });
    gc = collectGarbage();
    heapBefore = heapAfterGc(gc);
  });
  afterAll(() => world?.close());

  it('relay bodies of every surface (OpenAI, Claude, Gemini) on channels of every type', async () => {
    const headerShape = fc.oneof({ weight: 9, arbitrary: fc.constant('json') }, { weight: 1, arbitrary: fc.constantFrom('text', 'none', 'utf16', 'badkey', 'longheader', 'hugeheader') });
    await fc.assert(
      fc.asyncProperty(relayCall, twist, headerShape, async (call, how, shape) => {
        ran.relay += 1;
        const headers: Record<string, string> = relayHeaders(world.key);
        if (shape === 'text') headers['content-type'] = 'text/plain';
        if (shape === 'none') delete headers['content-type'];
        if (shape === 'utf16') headers['content-type'] = 'application/json; charset=utf-16';
        if (shape === 'badkey') Object.assign(headers, relayHeaders(`${world.key}-x`));
        // Long header values (issue #33): just under Node's 16 KiB of headers they are an ordinary
        // call; over it, Node's own 431 before any of our code runs.
        if (shape === 'longheader') Object.assign(headers, { 'user-agent': 'u'.repeat(12_000), 'x-request-id': 'r'.repeat(1_000) });
        if (shape === 'hugeheader') headers['x-filler'] = 'h'.repeat(20_000);
        const body = asText(call.body, how);
        const response = await fetch(world.fixture.tollgate.url + call.path, { method: 'POST', headers, body });
        if (shape === 'hugeheader') return void expect(response.status).toBe(431);
        const answer = await readAnswer(response);
        tally(call.path.split('/').slice(0, 3).join('/'), response.status);
        if (isNoChannel(response.status, answer)) return;
        expect(response.status, JSON.stringify(answer).slice(0, 300)).toBeLessThan(500);
        if (response.status >= 400) expectSurfaceError(call.path, answer);
      }),
      runOptions(RELAY),
    );
  }, 60_000);

  it('prototype names (issue #33) as model, method, size, voice, group and token name, and as JSON keys, on every relay surface', async () => {
    // Half the names are served and priced, so calls reach the meter, billing and the upstream; the
    // others meet new-api's 503 model_not_found, as any unserved name does.
    const served = PROTOTYPE_NAMES.filter((_, i) => i % 2 === 0);
    const ratios = { [MODELS.openai]: 1, [MODELS.claude]: 1, [MODELS.gemini]: 1 };
    await world.fixture.root.must('PUT', '/api/option/', { key: 'ModelRatio', value: prototypeKeyedJson(() => 1, ratios) });
    await world.fixture.root.must('POST', '/api/channel/', { name: 'prototype-names', type: 1, key: 'sk-proto', base_url: world.fixture.upstream.url, models: served.join(','), group: 'default' });
    const keys = [world.key];
    for (const name of PROTOTYPE_NAMES) keys.push((await createTokenKey(world.user, { name, remain_quota: 10_000_000, expired_time: -1 })).key);
    const calls = surfaceCalls(MODELS.openai).length;
    const request = fc.record({
      model: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(MODELS.openai, MODELS.claude, MODELS.gemini)),
      name: prototypeString,
      surface: fc.nat({ max: calls - 1 }),
      key: fc.constantFrom(...keys),
      keyed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ model, name, surface, key, keyed }) => {
        ran.proto += 1;
        const call = surfaceCalls(model, name)[surface]!;
        const body = keyed && typeof call.body === 'string' ? withPrototypeKeys(call.body) : call.body;
        const response = call.session
          ? await world.user.sendRaw('POST', call.path, body as string)
          : await fetch(world.fixture.tollgate.url + call.path, { method: 'POST', headers: typeof body === 'string' ? relayHeaders(key) : { authorization: `Bearer ${key}` }, body });
        const answer = await readAnswer(response);
        tally(`proto ${call.path.split('/').slice(0, 3).join('/')}`, response.status);
        if (!isNoChannel(response.status, answer)) expect(response.status, `${call.path} model ${model} name ${name}: ${JSON.stringify(answer).slice(0, 300)}`).toBeLessThan(500);
        if (ran.proto % 25 === 0) expect((await fetch(`${world.fixture.tollgate.url}/api/status`)).status).toBe(200);
        expect(prototypeIntact(prototypeBefore)).toBe(true);
      }),
      runOptions(PROTO),
    );
  }, 60_000);

  it('every registered /api route, its path, query and body, as root, as a plain user and signed out', async () => {
    const routes = registeredRoutes(world.fixture.tollgate.app).filter((route) => route.url.startsWith('/api/'));
    // The walk must cover the API as it is: if this count falls, the route tree was misread.
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/log/' });
    const callers = { root: world.fixture.root, user: world.user, anonymous: new ConsoleClient(world.fixture.tollgate.url) };
    // A few of the API's field names per call, each with an odd value: the shape of what the schemas read.
    const fields = fc.dictionary(fc.constantFrom(...API_FIELDS), oddValue, { maxKeys: 5 });
    const request = fc.record({
      route: fc.constantFrom(...routes),
      caller: fc.constantFrom<keyof typeof callers>('root', 'user', 'anonymous'),
      param: fc.oneof(fc.integer({ min: 1, max: 5 }).map(String), oddValue.map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? ''))),
      query: fields,
      body: bodyText(fields),
      // New-Api-User as the console sends it, or now and then another user's id, or not a number at all.
      userHeader: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('', '0', '-1', '1', '2', '1e3', ' 7', 'abc', '99999999999999999999'), fc.integer().map(String)) }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, caller, param, query, body, userHeader }) => {
        ran.api += 1;
        const path = pathOf(route, param, query);
        const client = callers[caller];
        const response = await client.sendRaw(route.method, path, route.method === 'GET' ? undefined : body, userHeader);
        const answer = await readAnswer(response);
        tally('/api', response.status);
        expect(response.status, `${route.method} ${path.slice(0, 200)} -> ${JSON.stringify(answer).slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400 && response.status !== 404 && typeof answer === 'object') expectSurfaceError(path, answer);
        if (route.url.includes('logout') || ran.api % 50 === 0) await signBackIn(world);
      }),
      runOptions(API),
    );
  }, 60_000);

  it('leaves the server up and its heap back near where it started', async () => {
    const status = await fetch(`${world.fixture.tollgate.url}/api/status`);
    expect(status.status).toBe(200);
    const growth = heapAfterGc(gc) - heapBefore;
    console.info(`no-5xx fuzz: ${ran.relay} relay and ${ran.api} api calls; heap after GC ${(growth / 1048576).toFixed(1)} MiB from the start`);
    console.info(`answers by surface and status: ${JSON.stringify(statuses)}`);
    expect(Object.keys(statuses).some((key) => key.startsWith('/v1/') && key.endsWith(' 200'))).toBe(true);
    expect(ran.relay).toBeGreaterThan(50);
    expect(ran.api).toBeGreaterThan(200);
    expect(ran.proto).toBeGreaterThan(50);
    expect(Object.keys(statuses).some((key) => key.startsWith('proto /v1/') && key.endsWith(' 200'))).toBe(true);
    expect(prototypeIntact(prototypeBefore)).toBe(true);
    expect(growth).toBeLessThan(HEAP_SLACK_BYTES);
  });
});

/** Field names the API's schemas read, each given odd values: the fuzz's "schema-shaped" objects. */
const API_FIELDS = [
  'id', 'ids', 'username', 'password', 'password2', 'original_password', 'display_name', 'email', 'role', 'status', 'quota', 'group', 'aff_code',
  'key', 'name', 'remain_quota', 'expired_time', 'unlimited_quota', 'model_limits_enabled', 'model_limits', 'allow_ips', 'type', 'base_url', 'models',
  'model_mapping', 'other', 'priority', 'weight', 'test_model', 'auto_ban', 'value', 'count', 'code', 'p', 'page_size', 'size', 'keyword', 'start_timestamp',
  'end_timestamp', 'target_timestamp', 'token_name', 'model_name', 'channel', 'granularity', 'default_time', 'format', 'action', 'amount', 'top_up_code',
  'verification_code', 'token', 'state', 'mode', 'task_id', 'mj_id', 'status_only', 'id_sort', 'user_id', 'channel_id',
];

/** The route's URL with every `:param` filled (URL-encoded) and the query appended. */
function pathOf(route: RegisteredRoute, param: string, query: Record<string, unknown>): string {
  const url = route.url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(param)).replace(/\*$/, encodeURIComponent(param));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/** A fuzzed call may sign a caller out (logout) or disable the plain user: sign back in, or register anew. */
async function signBackIn(world: ThreeChannels): Promise<void> {
  if (!(await world.fixture.root.call('GET', '/api/user/self')).success) await world.fixture.root.login('root', '123456');
  if ((await world.user.call('GET', '/api/user/self')).success) return;
  const again = await world.user.login('fuzzer', 'fuzzer-password');
  if (again.success) return;
  const name = `fuzzer${Date.now() % 1_000_000}`;
  await world.user.call('POST', '/api/user/register', { username: name, password: `${name}-password`, password2: `${name}-password` });
  await world.user.login(name, `${name}-password`);
}
