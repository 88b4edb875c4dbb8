import { type IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The connection of an upgrade request, until the route either upgrades it or answers it over HTTP. */
export interface PendingUpgrade {
  socket: Socket;
  head: Buffer;
}

const pending = new WeakMap<IncomingMessage, PendingUpgrade>();

/**
 * Sends WebSocket upgrades of `path` through Fastify's own routing, so the route's hooks (the key
 * checked first, the rate limits), its query schema and the relay's error answers apply to them
 * as to any call: a refusal is an HTTP answer on the upgrade's connection, which then ends. Other
 * paths are left to their own listeners (Socket.IO's engine), which is why this is not
 * @fastify/websocket: it routes every upgrade through Fastify and would answer Socket.IO's with 404.
 */
export function routeUpgrades(app: FastifyInstance, path: string): void {
  app.server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    if ((request.url ?? '').split('?')[0]?.replace(/\/+$/, '') !== path) return;
    pending.set(request, { socket, head });
    const response = new ServerResponse(request);
    response.assignSocket(socket);
    response.once('finish', () => socket.end());
    app.routing(request, response);
  });
}

/** The connection to upgrade, for a request that came as an upgrade; undefined for a plain HTTP request. */
export const upgradeOf = (request: IncomingMessage): PendingUpgrade | undefined => pending.get(request);
