import type { SubscriptionStore } from '../../src/ports/documents/subscription-store.js';
import { registerJsonBodyParser } from '../../src/http/json-body.js';
import { createLogOutbox } from '../../src/adapters/in-process/log-outbox.js';
import { newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent, UsageRecorded } from '@tollgate/wire';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { onTestFinished } from 'vitest';
import { createInProcessChangeNotices } from '../../src/adapters/in-process/change-notices.js';
import { createInProcessHoldStore } from '../../src/adapters/in-process/hold-store.js';
import { createSqliteSessionStore } from '../../src/adapters/sqlite/hot-state/sqlite-session-store.js';
import { randomAlphanumeric } from '../../src/auth/token-key.js';
import { InProcessChannelAffinities } from '../../src/adapters/in-process/channel-affinities.js';
import { InProcessLeases } from '../../src/adapters/in-process/leases.js';
import { InProcessCircuitBreakers } from '../../src/adapters/in-process/circuit-breakers.js';
import type { CircuitBreakers } from '../../src/ports/hot-state/circuit-breakers.js';
import { createSmtpMailer } from '../../src/adapters/smtp/smtp-mailer.js';
import { InProcessUsageMeter } from '../../src/adapters/in-process/usage-meter.js';
import { inProcessRateLimiters } from '../../src/adapters/in-process/rate-limiter.js';
import { loadConfig } from '../../src/config.js';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import { OptionCache } from '../../src/options/option-cache.js';
import { type Channel, type NewChannel, NO_CHANNEL_EXTRAS } from '../../src/ports/documents/channel-store.js';
import type { NewToken, Token } from '../../src/ports/documents/token-store.js';
import type { NewUser, User } from '../../src/ports/documents/user-store.js';
import type { SessionStore } from '../../src/ports/hot-state/session-store.js';
import { wireRelay } from '../../src/composition/wire-relay.js';
import type { RelayDeps } from '../../src/relay/relay-context.js';
import type { ContextLog } from '../../src/contexts/core.js';
import { InProcessOneTimeCodes } from '../../src/adapters/in-process/one-time-codes.js';
import { InProcessRoomPresence } from '../../src/adapters/in-process/room-presence.js';
import { InProcessGatewayReports } from '../../src/adapters/in-process/gateway-reports.js';
import { pino } from 'pino';
import { createRelayMetrics } from '../../src/relay/overhead.js';
import { OpsMeter } from '../../src/ops/ops-meter.js';
import { type OpenAIMock, startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import type { OpenAIMockOptions } from '../mock-upstream/openai/openai-mock-options.js';
import { FakeLedger } from './fake-ledger.js';
import { feedingHotState } from '../../src/billing/hot-state-feed.js';
import { InMemoryChannelStore, InMemoryOptionStore, InMemoryTokenStore, InMemoryUserStore, unusedStore, unusedTaskStore } from './relay-stores.js';
import { RecordingFanout } from './recording-fanout.js';
import { passThroughEnabled } from '../../src/relay/surfaces/pass-through.js';

const SESSION_SECRET = 'relay-test-session-secret-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than the publisher's 5 ms batching window and the fake ledger's next-tick apply. */
const SETTLE_MS = 30;

/** A line the gateway logged at warn or above (pino's JSON). */
export interface LoggedLine {
  level: number;
  msg: string;
  task?: string;
  err?: { message: string };
}

export interface RelayHarness {
  app: FastifyInstance;
  /** What the gateway logged at warn or above. */
  logged: LoggedLine[];
  deps: RelayDeps;
  ledger: FakeLedger;
  upstream: OpenAIMock;
  /** A user with `quota` in the ledger. */
  addUser(fields?: Partial<NewUser> & { quota?: number }): Promise<User>;
  /** A key of the user, with `remainQuota` in the ledger (unlimited unless given); `bearer` is the header value. */
  addKey(userId: number, fields?: Partial<NewToken> & { remainQuota?: number }): Promise<{ token: Token; bearer: string }>;
  /** A channel pointing at the mock upstream, live in the routing table when this resolves. */
  addChannel(fields?: Partial<NewChannel>): Promise<Channel>;
  post(url: string, bearer: string | undefined, payload: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The UsageRecorded events published once the relay's buffer flushed. */
  usageEvents(): Promise<UsageRecorded[]>;
  /** What the relay pushed to live consoles. */
  live: RecordingFanout;
  /** What the relay counted for the operations view. */
  ops: OpsMeter;
}

function newUser(fields: Partial<NewUser>): NewUser {
  return {
    username: `user${randomAlphanumeric(6)}`, passwordHash: '', displayName: '', role: 1, status: 1, email: '', group: 'default',
    affCode: randomAlphanumeric(4), inviterId: 0, accessToken: '', githubId: '', wechatId: '', telegramId: '', linuxDoId: '', oidcId: '', ...fields,
  };
}

function newToken(userId: number, fields: Partial<NewToken>): NewToken {
  return {
    userId, key: randomAlphanumeric(48), name: 'key', status: 1, createdTime: 0, accessedTime: 0, expiredTime: -1, unlimitedQuota: true,
    modelLimitsEnabled: false, modelLimits: [], allowIps: [], group: '', ...fields,
  };
}

/** A channel to `baseUrl` with every field set, for stores filled by hand. */
export function newChannel(baseUrl: string, fields: Partial<NewChannel> = {}): NewChannel {
  return {
    type: 1, name: 'mock', key: 'sk-channel-secret', status: 1, baseUrl, other: '', models: 'gpt-4o-mini', group: 'default', modelMapping: '',
    statusCodeMapping: '', openaiOrganization: '', testModel: '', autoBan: 1, priority: 0, weight: 0, balance: 0, responseTime: 0, testTime: 0,
    balanceUpdatedTime: 0, createdTime: 0, otherInfo: '', ...NO_CHANNEL_EXTRAS, ...fields,
  };
}

/** Ports a harness may take from outside: the breakers of a fleet of harnesses on one Redis. */
export interface HarnessPorts {
  breakers?: CircuitBreakers;
}

async function buildDeps(options: Record<string, string>, ledger: FakeLedger, sessions: SessionStore, log: ContextLog, ports: HarnessPorts): Promise<RelayDeps> {
  const optionCache = new OptionCache(new InMemoryOptionStore());
  for (const [key, value] of Object.entries(options)) await optionCache.set(key, value);
  const [holds, inviteHolds] = [createInProcessHoldStore(), createInProcessHoldStore()];
  ledger.notifier = feedingHotState(ledger.notifier, { holds, inviteHolds }, (error) => console.error(error));
  return {
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    log,
    rateLimiters: inProcessRateLimiters,
    meter: new InProcessUsageMeter(),
    leases: new InProcessLeases(),
    affinities: new InProcessChannelAffinities(),
    mailer: createSmtpMailer(optionCache),
    sessions,
    users: new InMemoryUserStore(),
    tokens: new InMemoryTokenStore(),
    channels: new InMemoryChannelStore(),
    breakers: ports.breakers ?? new InProcessCircuitBreakers(),
    tasks: unusedTaskStore,
    options: optionCache,
    eventLog: ledger.eventLog,
    usageOutbox: createLogOutbox(ledger.eventLog),
    balances: ledger.balances,
    holds,
    notices: createInProcessChangeNotices(),
    // The relay's contexts carry these; the relay itself never reaches them.
    history: ledger.history,
    notifier: ledger.notifier,
    inviteHolds,
    codes: new InProcessOneTimeCodes(),
    roomPresence: new InProcessRoomPresence(),
    gatewayReports: new InProcessGatewayReports(),
    twoFactor: unusedStore('TwoFactorStore'),
    redemptions: unusedStore('RedemptionStore'),
    topUps: unusedStore('TopUpStore'),
    // The relay asks who else may pay a call: no one here, the wallet alone pays.
    subscriptions: { ...unusedStore<SubscriptionStore>('SubscriptionStore'), listByUser: async () => [] },
    imports: unusedStore('DatabaseImports'),
  };
}

/** The relay routes alone (no management API) over in-memory documents, the fake ledger, in-process holds and a mock OpenAI upstream. */
export async function buildRelayHarness(options: Record<string, string> = {}, mock: OpenAIMockOptions = {}, ports: HarnessPorts = {}): Promise<RelayHarness> {
  const upstream = await startOpenAIMock(mock);
  const ledger = new FakeLedger();
  const sessions = createSqliteSessionStore({ path: ':memory:' });
  // Warnings and errors kept for the tests to read: a background failure must reach the log, Fastify's or the contexts'.
  const logged: LoggedLine[] = [];
  const stream = { write: (line: string) => void logged.push(JSON.parse(line) as LoggedLine) };
  const deps = await buildDeps(options, ledger, sessions, pino({ level: 'warn' }, stream), ports);
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie, { secret: SESSION_SECRET });
  registerErrorHandler(app);
  registerJsonBodyParser(app, () => passThroughEnabled(deps.options));
  const live = new RecordingFanout();
  const ops = new OpsMeter();
  await app.register(wireRelay, { deps, live, ops, metrics: createRelayMetrics() });
  await app.ready();
  onTestFinished(async () => {
    await app.close();
    await upstream.close();
    sessions.close();
  });
  const record = async (event: LedgerEvent) => {
    await ledger.eventLog.append([event]);
    await sleep(SETTLE_MS);
  };
  return {
    app, deps, ledger, upstream, ops, logged,
    async addUser({ quota = 0, ...fields } = {}) {
      const user = await deps.users.create(newUser(fields));
      await record({ type: 'QuotaAdjusted', data: { userId: user.id, username: user.username, adminId: 1, delta: quota, content: 'test' }, metadata: newEventMetadata() });
      return user;
    },
    async addKey(userId, { remainQuota, ...fields } = {}) {
      const token = await deps.tokens.create(newToken(userId, { unlimitedQuota: remainQuota === undefined, ...fields }));
      await record({ type: 'TokenQuotaSet', data: { userId, tokenId: token.id, remainQuota: remainQuota ?? 0, unlimited: token.unlimitedQuota }, metadata: newEventMetadata() });
      return { token, bearer: `Bearer sk-${token.key}` };
    },
    async addChannel(fields = {}) {
      const channel = await deps.channels.create(newChannel(upstream.url, fields));
      deps.notices.publish('channels', channel.id);
      await sleep(5);
      return channel;
    },
    live,
    post: (url, bearer, payload, headers = {}) => app.inject({ method: 'POST', url, payload, headers: bearer ? { authorization: bearer, ...headers } : headers }),
    async usageEvents() {
      await sleep(SETTLE_MS);
      return ledger.ofType('UsageRecorded');
    },
  };
}
