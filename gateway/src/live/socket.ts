import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { LiveFanout } from '../ports/live-fanout.js';
import { SESSION_COOKIE, sessionKeyOf } from '../auth/session.js';
import type { AccountsContext } from '../contexts/accounts.js';
import type { MoneyContext } from '../contexts/money.js';
import type { ChannelsContext } from '../contexts/channels.js';
import type { OpsContext } from '../contexts/ops.js';
import type { AuditContext } from '../contexts/audit.js';
import type { OpsMeter } from '../ops/ops-meter.js';
import { TOLLGATE_VERSION } from '../version.js';
import { pushChannelChanges } from './channel-pusher.js';
import { pushChannelHealth } from './channel-health-pusher.js';
import { pushLedgerAudits } from './ledger-audit-pusher.js';
import { newGatewayIdentity, runOpsReports } from './ops-reporter.js';
import { runOpsCollector } from './ops-collector.js';
import { followLedger } from './ledger-follower.js';
import { allowSameOrigin } from '../http/same-origin.js';
import { admitSocketInBackground, currentSocketUser, followAccessChanges, type SocketAccess } from './socket-access.js';
import { SocketFanout } from './socket-fanout.js';
import { pushThroughputEverySecond } from './throughput-pusher.js';

/** What the live module (Socket.IO) touches: sessions for the handshake, the ledger and meters for its pushes. */
export type LiveDeps = AccountsContext & MoneyContext & ChannelsContext & OpsContext & AuditContext;

/** The handshake's query: `tail=1` asks for every log row (kept to admins: socket-access.ts); Socket.IO's own keys pass by. */
const handshakeQuerySchema = z.object({ tail: z.enum(['1']).optional() });

/** The store's key of the handshake's signed session cookie, or null. */
function handshakeSessionKey(app: FastifyInstance, socket: Socket): string | null {
  const header = socket.handshake.headers.cookie;
  if (!header) return null;
  return sessionKeyOf((raw) => app.unsignCookie(raw), app.parseCookie(header)[SESSION_COOKIE]);
}

/** Lets in a handshake whose session is live and whose user is enabled now; remembers which session. */
async function checkHandshake(app: FastifyInstance, deps: LiveDeps, socket: Socket): Promise<Error | undefined> {
  const sessionKey = handshakeSessionKey(app, socket);
  const user = sessionKey === null ? null : await currentSocketUser(deps, sessionKey);
  if (!user || sessionKey === null) return new Error('unauthorized');
  const access: SocketAccess = { userId: user.id, sessionKey, tail: handshakeQuerySchema.safeParse(socket.handshake.query).data?.tail === '1' };
  socket.data = access;
  return undefined;
}

/**
 * Socket.IO on the same port as the API. A console joins its user's room (and the admins'
 * room while it may: socket-access.ts). Returns the fan-out that reaches those rooms on every
 * gateway (through `deps.liveAdapter` when there are several). Each gateway follows the ledger's notices
 * of its own consoles' users, and hears change notices (channels) by itself: it pushes them to its own sockets only.
 */
export function registerLive(app: FastifyInstance, deps: LiveDeps, ops: OpsMeter): LiveFanout {
  // The engine ends any upgrade on another path that has had no answer after destroyUpgradeTimeout
  // (1 s by default); a realtime session (GET /v1/realtime) answers only once its upstream session
  // is open (up to 20 s), so the engine waits longer.
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, adapter: deps.liveAdapter, allowRequest: allowSameOrigin(deps), destroyUpgradeTimeout: 35_000 });
  io.use((socket, next) => {
    checkHandshake(app, deps, socket).then(next, () => next(new Error('unauthorized')));
  });
  // Admitted again on connection, from the user's room: a change since the handshake is not missed.
  io.on('connection', (socket) => admitSocketInBackground(deps, socket, app.log));
  const stopAccess = followAccessChanges(io, deps, app.log);
  const localAdapter = io.of('/').adapter;
  const local = new SocketFanout(io.local, (room) => (localAdapter.rooms.get(room)?.size ?? 0) > 0);
  const stopFollowing = followLedger(deps.notifier, localAdapter, local, app.log);
  const stopChannels = pushChannelChanges(deps.notices, local);
  const stopThroughput = pushThroughputEverySecond(io, deps.meter, (error) => app.log.warn({ err: error }, 'usage meter unavailable'));
  const stopPresence = deps.roomPresence.watch(io.of('/').adapter);
  const fleet = new SocketFanout(io, (room) => deps.roomPresence.heard(room));
  const identity = newGatewayIdentity(TOLLGATE_VERSION);
  const stopReports = runOpsReports(identity, { meter: ops, reports: deps.gatewayReports });
  const stopCollector = runOpsCollector({ reports: deps.gatewayReports, leases: deps.leases, fleet, holder: identity.gatewayId, log: (error) => app.log.warn({ err: error }, 'ops reports unavailable') });
  const stopHealth = pushChannelHealth(deps.notices, deps.channels, local, (error) => app.log.warn({ err: error }, 'channel health unavailable'));
  const stopLedgerAudits = pushLedgerAudits(deps.notices, deps.auditTrail, local, (error) => app.log.warn({ err: error }, 'ledger audit unavailable'));
  app.addHook('onClose', async () => {
    stopPresence();
    stopReports();
    stopCollector();
    stopHealth();
    stopLedgerAudits();
    stopAccess();
    stopFollowing();
    stopChannels();
    stopThroughput();
    await io.close();
  });
  return fleet;
}
