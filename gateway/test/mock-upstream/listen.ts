import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free loopback port; `close` drops open keep-alive connections too. */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The whole body of a request, as text. */
export async function readText(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Answers JSON with a status. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * An async request handler as the `(request, response) => void` that createServer takes: a handler that
 * throws (a mock's bug) drops the connection, which the test sees as an upstream failure, instead of
 * leaving an unhandled rejection.
 */
export function answering(handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    handle(request, response).catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  };
}
