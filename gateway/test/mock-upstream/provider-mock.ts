import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback } from './listen.js';

/** One request as a provider stand-in received it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  text: string;
  body: Record<string, unknown>;
}

export interface ProviderMock {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** What every stand-in answers: the reply text and the usage it reports. */
export interface MockReply {
  reply: string;
  promptTokens: number;
  outputTokens: number;
}

function parse(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A real HTTP server on loopback whose `handle` speaks one provider's protocol. */
export async function startProviderMock(handle: (seen: SeenRequest, response: ServerResponse) => void): Promise<ProviderMock> {
  const requests: SeenRequest[] = [];
  const server = createServer(answering(async (request, response) => {
    const parts: Buffer[] = [];
    for await (const part of request) parts.push(part as Buffer);
    const text = Buffer.concat(parts).toString('utf8');
    const seen = { method: request.method ?? 'GET', path: request.url ?? '', headers: request.headers, text, body: parse(text) };
    requests.push(seen);
    handle(seen, response);
  }));
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The reply cut in word-sized pieces, as providers stream it. */
export const pieces = (reply: string): string[] => reply.split(/(?<= )/);
