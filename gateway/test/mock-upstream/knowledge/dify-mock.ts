import { createServer, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from '../listen.js';

export interface DifyMock {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export interface DifyMockOptions {
  appKey: string;
  reply: string;
  promptTokens: number;
  completionTokens: number;
  /** Answer as an agent app: agent_thought and agent_message events instead of message. */
  agent?: boolean;
}

const usageOf = (o: DifyMockOptions) => ({ prompt_tokens: o.promptTokens, completion_tokens: o.completionTokens, total_tokens: o.promptTokens + o.completionTokens, total_price: '0.0001', currency: 'USD', latency: 0.5 });

/** Dify's streaming mode: SSE of JSON events, a ping, the answer in pieces, message_end with metadata.usage. */
function stream(response: ServerResponse, o: DifyMockOptions): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (event: object) => response.write(`data: ${JSON.stringify({ conversation_id: 'conv-1', message_id: 'msg-1', created_at: 1, ...event })}\n\n`);
  response.write('event: ping\n\n');
  send({ event: 'workflow_started', workflow_run_id: 'run-1', data: {} });
  if (o.agent) send({ event: 'agent_thought', id: 'th-1', thought: '', position: 1 });
  for (const answer of o.reply.split(/(?<= )/)) send({ event: o.agent ? 'agent_message' : 'message', answer });
  send({ event: 'message_end', metadata: { usage: usageOf(o), retriever_resources: [] } });
  response.end();
}

/** A real HTTP server speaking Dify's /v1/chat-messages (an app key as Bearer; inputs, query, response_mode, user required). */
export async function startDifyMock(initial: DifyMockOptions): Promise<DifyMock & { configure(next: Partial<DifyMockOptions>): void }> {
  let o = initial;
  const requests: DifyMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = JSON.parse((await readText(request)) || '{}') as Record<string, unknown>;
    requests.push({ path: request.url ?? '', body });
    if (request.headers.authorization !== `Bearer ${o.appKey}`) return sendJson(response, 401, { code: 'unauthorized', message: 'Access token is invalid', status: 401 });
    if (request.url !== '/v1/chat-messages') return sendJson(response, 404, { code: 'not_found', message: 'The requested URL was not found on the server.', status: 404 });
    const valid = typeof body.query === 'string' && body.query && typeof body.user === 'string' && body.inputs && typeof body.inputs === 'object' && ['blocking', 'streaming'].includes(String(body.response_mode));
    if (!valid) return sendJson(response, 400, { code: 'invalid_param', message: 'query, inputs, user and response_mode are required', status: 400 });
    if (body.response_mode === 'streaming') return stream(response, o);
    sendJson(response, 200, { event: 'message', message_id: 'msg-1', conversation_id: 'conv-1', mode: 'chat', answer: o.reply, metadata: { usage: usageOf(o), retriever_resources: [] }, created_at: 1 });
  }));
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    requests,
    configure: (next) => {
      o = { ...o, ...next };
    },
    close: listening.close,
  };
}
