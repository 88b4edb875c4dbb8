import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer } from 'ws';
import { RelayError } from '../../../http/relay-error.js';
import type { Caller } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';
import { routeCall } from '../../relay-flow.js';
import { inServingGroup } from '../../admission/auto-group.js';
import { RealtimeBudget } from './realtime-budget.js';
import { runRealtimeSession } from './realtime-session.js';
import { servesRealtime } from './realtime-target.js';
import { dialUpstream, REALTIME_MAX_EVENT_BYTES } from './realtime-upstream.js';
import { upgradeOf } from './realtime-upgrade.js';

/** The subprotocol a browser's realtime client carries its key in: never echoed back. */
const KEY_SUBPROTOCOL = 'openai-insecure-api-key.';

/**
 * The subprotocol the session speaks: `realtime` when the client offers it (OpenAI's browser
 * clients do, beside the key and `openai-beta.realtime-v1`), else the first it offers that is not
 * its key; none when it offers none.
 */
function chooseProtocol(offered: Set<string>): string | false {
  if (offered.has('realtime')) return 'realtime';
  return [...offered].find((protocol) => !protocol.startsWith(KEY_SUBPROTOCOL)) ?? false;
}

/** Accepts the upgrades the route has admitted; the route's upgrade listener hands them over (realtime-upgrade.ts). */
const sessions = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: REALTIME_MAX_EVENT_BYTES, handleProtocols: chooseProtocol });

/** The channel, the first hold and the upstream session; the hold goes back when the upstream refuses. */
async function openUpstream(ctx: RelayContext, caller: Caller, request: FastifyRequest, model: string) {
  const { channel, modelQuote } = routeCall(ctx, caller, { model, accepts: servesRealtime });
  const budget = await RealtimeBudget.open(ctx, caller, modelQuote, model);
  const beta = request.headers['openai-beta'];
  const upstream = await dialUpstream(channel, model, typeof beta === 'string' ? beta : undefined).catch(async (error: unknown) => {
    await budget.close();
    throw error;
  });
  return { channel, budget, upstream };
}

/**
 * GET /v1/realtime?model=… as a WebSocket, relayed to an OpenAI or Azure channel as new-api
 * relays it. Before the upgrade, as for any call: the key (already checked), the per-user model
 * request limits, the model's channel and price, the session's first hold (refused with new-api's
 * quota error when the balance has nothing), and the upstream session opened; any refusal is an
 * HTTP answer in OpenAI's shape.
 */
export async function openRealtimeSession(ctx: RelayContext, keyCaller: Caller, request: FastifyRequest, reply: FastifyReply, model: string): Promise<void> {
  // An `auto` key's session is served, billed and logged in the first auto group with a realtime channel.
  const caller = inServingGroup(ctx.router, ctx.deps.options, keyCaller, model, servesRealtime);
  const upgrade = upgradeOf(request.raw);
  if (!upgrade) throw new RelayError(426, 'GET /v1/realtime opens a WebSocket session: send it as an upgrade', 'websocket_required', 'invalid_request_error');
  // A session is one request to the per-user model request limits, given back when it does not open.
  const limited = await ctx.requestLimit.admit(caller.user.id, caller.group);
  const { channel, budget, upstream } = await openUpstream(ctx, caller, request, model).catch(async (error: unknown) => {
    await limited.failed().catch((failure: unknown) => request.log.warn({ err: failure }, 'giving back a reserved success failed'));
    throw error;
  });
  reply.hijack();
  let accepted = false;
  // ws refuses a malformed handshake itself (400) without calling back: the session's upstream and hold go then.
  upgrade.socket.once('close', () => {
    if (accepted) return;
    upstream.close(1000);
    budget.close().catch((error: unknown) => request.log.warn({ err: error }, 'realtime: releasing the session hold failed'));
  });
  sessions.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (client) => {
    accepted = true;
    // An open session is a call in flight on this gateway (the operations view's count) until it ends.
    ctx.ops.callStarted();
    runRealtimeSession({ client, upstream, budget, channel, log: request.log, onEnd: () => ctx.ops.callEnded() });
  });
}
