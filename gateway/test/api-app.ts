import { createLogOutbox } from '../src/adapters/in-process/log-outbox.js';
import cookie from '@fastify/cookie';
import { pino } from 'pino';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { onTestFinished } from 'vitest';
import { createInProcessChangeNotices } from '../src/adapters/in-process/change-notices.js';
import { openTempDocuments } from '../src/adapters/sqlite/test-documents.js';
import { createSqliteSessionStore } from '../src/adapters/sqlite/hot-state/sqlite-session-store.js';
import { ensureRootUser } from '../src/bootstrap/root-user.js';
import { InProcessChannelAffinities } from '../src/adapters/in-process/channel-affinities.js';
import { InProcessLeases } from '../src/adapters/in-process/leases.js';
import { InProcessCircuitBreakers } from '../src/adapters/in-process/circuit-breakers.js';
import { InProcessOneTimeCodes } from '../src/adapters/in-process/one-time-codes.js';
import { createSmtpMailer } from '../src/adapters/smtp/smtp-mailer.js';
import { InProcessGatewayReports } from '../src/adapters/in-process/gateway-reports.js';
import { InProcessRoomPresence } from '../src/adapters/in-process/room-presence.js';
import { InProcessUsageMeter } from '../src/adapters/in-process/usage-meter.js';
import { inProcessRateLimiters } from '../src/adapters/in-process/rate-limiter.js';
import { loadConfig } from '../src/config.js';
import type { GatewayDeps } from '../src/deps.js';
import type { MoneyContext } from '../src/contexts/money.js';
import type { AnalyticsContext } from '../src/contexts/analytics.js';
import { registerErrorHandler } from '../src/http/error-handler.js';
import { OptionCache } from '../src/options/option-cache.js';
import type { ChangeKind } from '../src/ports/hot-state/change-notices.js';
import { wireApi } from '../src/composition/wire-api.js';
import { FakeLedger } from './fakes/fake-ledger.js';
import { feedingHotState } from '../src/billing/hot-state-feed.js';
import { FakeLogReader } from './fakes/fake-log-reader.js';
import { emptyUsageReader } from './fakes/empty-usage-reader.js';
import { createInProcessHoldStore } from '../src/adapters/in-process/hold-store.js';
import { ImportJobs } from '../src/import/import-jobs.js';
import { noAnalyticsQuerier } from './fakes/no-analytics-querier.js';
import { unusedLedgerProver } from './fakes/relay-stores.js';

export const ROOT_PASSWORD = '123456';

export interface ApiHarness {
  app: FastifyInstance;
  deps: GatewayDeps;
  ledger: FakeLedger;
  logs: FakeLogReader;
  notices: { kind: ChangeKind; id?: number }[];
  /** Every route the API registered, as `METHOD /url` (HEAD left out). */
  routes: string[];
  /** Those of `routes` registered with an audit entry (the trail records them). */
  audited: string[];
}

/** The management API over real SQLite documents (temp file) and fakes of the ledger and analytics. */
/** Rate limits are off unless a test asks for them (`env`): other suites sign in many times from one IP. */
const NO_RATE_LIMITS = { GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' };

/** `real` swaps in real engines for the fakes (a statement test reads a real log and chdb). */
export async function buildApiHarness(options: Record<string, string> = {}, env: Record<string, string> = {}, real: Partial<Pick<MoneyContext, 'history'> & Pick<AnalyticsContext, 'usage'>> = {}): Promise<ApiHarness> {
  const temp = openTempDocuments();
  const ledger = new FakeLedger();
  const logs = new FakeLogReader();
  const optionCache = new OptionCache(temp.documents.options);
  // No scheduled ledger audit over the fake ledger: its tests run it on the embedded engines.
  for (const [key, value] of Object.entries({ LedgerAuditFrequency: '0', ...options })) await optionCache.set(key, value);
  await optionCache.reload();
  const notices = createInProcessChangeNotices();
  const seen: ApiHarness['notices'] = [];
  notices.subscribe((kind, id) => seen.push({ kind, id }));
  const sessions = createSqliteSessionStore({ path: ':memory:' });
  // Admin decreases and invite transfers hold on these stores, which follow the ledger as in production.
  const [holds, inviteHolds] = [createInProcessHoldStore(), createInProcessHoldStore()];
  ledger.notifier = feedingHotState(ledger.notifier, { holds, inviteHolds }, (error) => console.error(error));
  const deps: GatewayDeps = {
    config: loadConfig({ LOG_LEVEL: 'silent', ...NO_RATE_LIMITS, ...env }),
    log: pino({ level: 'silent' }),
    sessionSecret: 'test-session-secret-0123456789',
    sessions,
    ...temp.documents,
    options: optionCache,
    eventLog: ledger.eventLog,
    history: ledger.history,
    usageOutbox: createLogOutbox(ledger.eventLog),
    balances: ledger.balances,
    notifier: ledger.notifier,
    holds,
    breakers: new InProcessCircuitBreakers(),
    inviteHolds,
    rateLimiters: inProcessRateLimiters,
    meter: new InProcessUsageMeter(),
    roomPresence: new InProcessRoomPresence(),
    gatewayReports: new InProcessGatewayReports(),
    leases: new InProcessLeases(),
    affinities: new InProcessChannelAffinities(),
    codes: new InProcessOneTimeCodes(),
    mailer: createSmtpMailer(optionCache),
    ledgerProof: unusedLedgerProver,
    logs,
    usage: emptyUsageReader,
    notices,
    imports: new ImportJobs({ documents: temp.documents, eventLog: ledger.eventLog, querier: noAnalyticsQuerier }, async () => {}),
    consoleDir: null,
    ...real,
  };
  await ensureRootUser(deps.users, ROOT_PASSWORD);
  const app = Fastify({ logger: false });
  await app.register(cookie, { secret: deps.sessionSecret });
  registerErrorHandler(app);
  const routes: string[] = [];
  /** The routes registered with an audit entry: what the trail records. */
  const audited: string[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    for (const one of [method].flat()) if (one !== 'HEAD') (config?.audit ? [routes, audited] : [routes]).forEach((list) => list.push(`${one} ${url}`));
  });
  await app.register(wireApi, { prefix: '/api', deps });
  onTestFinished(async () => {
    await app.close();
    sessions.close();
    temp.close();
  });
  return { app, deps, ledger, logs, notices: seen, routes, audited };
}

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/** A console session: the signed session cookie plus the New-Api-User header, as the console sends them. */
export class Session {
  constructor(
    private readonly app: FastifyInstance,
    readonly cookie: string,
    readonly userId: number,
  ) {}

  async call<T = unknown>(method: InjectOptions['method'], url: string, payload?: object, headers: Record<string, string> = {}) {
    const response = await this.app.inject({ method, url, payload, headers: { cookie: this.cookie, 'new-api-user': String(this.userId), ...headers } });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  }
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { username, password } });
  const body = response.json<Envelope<{ id: number }>>();
  if (!body.success) throw new Error(`login failed: ${body.message}`);
  const cookie = response.cookies.find((c) => c.name === 'session');
  if (!cookie) throw new Error('no session cookie');
  return new Session(app, `session=${cookie.value}`, body.data.id);
}

/** Registers a user through the API and signs them in. */
export async function signUp(app: FastifyInstance, username: string, password = 'password123'): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: '/api/user/register', payload: { username, password, password2: password } });
  const body = response.json<Envelope>();
  if (!body.success) throw new Error(`register failed: ${body.message}`);
  return login(app, username, password);
}
