import { createServer, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface AiProxyMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface AiProxyMockOptions {
  key: string;
  libraryId: string;
  answer: string;
  documents: { title: string; url: string }[];
}

/** The library's stream: SSE of {content, finish, model, documents}, the documents on the finishing event. */
function stream(response: ServerResponse, model: string, o: AiProxyMockOptions): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const content of o.answer.split(/(?<= )/)) response.write(`data: ${JSON.stringify({ content, finish: false, model, documents: [] })}\n\n`);
  response.write(`data: ${JSON.stringify({ content: '', finish: true, model, documents: o.documents })}\n\n`);
  response.end();
}

/**
 * A real HTTP server speaking AI Proxy's knowledge-base /api/library/ask: Bearer key, the library
 * by libraryId, one query; errors as {success: false, errCode, message} (HTTP 200, as aiproxy answers).
 */
export async function startAiProxyMock(o: AiProxyMockOptions): Promise<AiProxyMock> {
  const requests: AiProxyMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (request.headers.authorization !== `Bearer ${o.key}`) return sendJson(response, 401, { success: false, errCode: 401, message: 'invalid api key' });
    if (request.url !== '/api/library/ask') return sendJson(response, 404, { success: false, errCode: 404, message: 'not found' });
    if (body.libraryId !== o.libraryId) return sendJson(response, 200, { success: false, errCode: 2001, message: 'library not found' });
    if (typeof body.query !== 'string' || !body.query) return sendJson(response, 200, { success: false, errCode: 1001, message: 'query is required' });
    if (body.stream === true) return stream(response, String(body.model), o);
    sendJson(response, 200, { success: true, answer: o.answer, documents: o.documents, errCode: 0, message: '' });
  }));
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}
