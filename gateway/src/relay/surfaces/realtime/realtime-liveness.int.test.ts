import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { watchAlive } from './realtime-liveness.js';

/** A real WebSocket pair on loopback: the server side is watched, the client answers pings or not. */
async function pair(autoPong: boolean): Promise<{ server: WebSocket; client: WebSocket; close(): void }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(wss, 'listening');
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { autoPong });
  const [[server]] = await Promise.all([accepted, once(client, 'open')]);
  return {
    server,
    client,
    close: () => {
      client.terminate();
      wss.close();
    },
  };
}

describe('watchAlive', () => {
  const opened: { close(): void }[] = [];
  afterEach(() => opened.splice(0).forEach((p) => p.close()));

  it('finds a client that does not answer pings gone, once', async () => {
    const sockets = await pair(false);
    opened.push(sockets);
    let gone = 0;
    await new Promise<void>((resolve) =>
      watchAlive(sockets.server, 10, () => {
        gone += 1;
        resolve();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gone).toBe(1);
  });

  it('keeps a client that answers: it is pinged again and again, never found gone', async () => {
    const sockets = await pair(true);
    opened.push(sockets);
    let gone = false;
    // Long enough that a loaded machine answers a ping within one interval (the pong and the timer share one event loop).
    const stop = watchAlive(sockets.server, 500, () => (gone = true));
    let pings = 0;
    await new Promise<void>((resolve) =>
      sockets.client.on('ping', () => {
        pings += 1;
        if (pings === 3) resolve();
      }),
    );
    stop();
    expect(gone).toBe(false);
  });
});
