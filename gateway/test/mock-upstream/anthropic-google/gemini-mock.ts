import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback } from '../listen.js';

export interface GeminiMock {
  url: string;
  requests: { path: string; apiKey: string | undefined; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
}

export interface GeminiReply {
  reply: string;
  promptTokens: number;
  outputTokens: number;
}

const usageOf = (o: GeminiReply) => ({ promptTokenCount: o.promptTokens, candidatesTokenCount: o.outputTokens, totalTokenCount: o.promptTokens + o.outputTokens });

/** A whole generateContent answer. */
export const geminiAnswer = (o: GeminiReply) => ({ candidates: [{ content: { role: 'model', parts: [{ text: o.reply }] }, finishReason: 'STOP' }], usageMetadata: usageOf(o) });

/** streamGenerateContent?alt=sse as Google writes it: CRLF between events, usage on the last. */
export function writeGeminiStream(response: ServerResponse, o: GeminiReply): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const pieces = o.reply.split(/(?<= )/);
  pieces.forEach((text, i) => {
    const last = i === pieces.length - 1;
    const event = { candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(last ? { finishReason: 'STOP' } : {}) }], ...(last ? { usageMetadata: usageOf(o) } : {}) };
    response.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
  });
  response.end();
}

/**
 * A real HTTP server speaking Gemini's generateContent and streamGenerateContent?alt=sse
 * (x-goog-api-key); CRLF between events and usage on the last one, as Google sends them.
 */
export async function startGeminiMock(options: GeminiReply): Promise<GeminiMock> {
  const requests: GeminiMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = await readJson(request);
    const path = request.url ?? '';
    requests.push({ path, apiKey: request.headers['x-goog-api-key'] as string | undefined, body });
    if (!request.headers['x-goog-api-key']) {
      response.writeHead(401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: { code: 401, message: 'API key not valid', status: 'UNAUTHENTICATED' } }));
    }
    if (path.includes('mbedContent')) {
      const embedding = { values: [0.5, 0.25] };
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(path.includes(':batchEmbedContents') ? { embeddings: [embedding] } : { embedding }));
    }
    if (path.includes(':streamGenerateContent')) return writeGeminiStream(response, options);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(geminiAnswer(options)));
  }));
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    requests,
    close: listening.close,
  };
}
