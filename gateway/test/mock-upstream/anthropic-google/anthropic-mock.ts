import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback } from '../listen.js';

export interface AnthropicMockOptions {
  reply?: string;
  /** When set, the answer is a call of this tool with this input instead of text. */
  toolCall?: { name: string; input: Record<string, unknown> };
  inputTokens?: number;
  outputTokens?: number;
  /** More of Claude's usage fields: cache reads and writes (by TTL) at message_start, server tools (web search) at message_delta. */
  cacheUsage?: Record<string, unknown>;
  serverToolUse?: { web_search_requests: number };
}

export interface AnthropicMock {
  url: string;
  requests: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  configure(options: AnthropicMockOptions): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
}

function content(o: Required<AnthropicMockOptions>) {
  return o.toolCall.name ? [{ type: 'tool_use', id: 'toolu_mock', name: o.toolCall.name, input: o.toolCall.input }] : [{ type: 'text', text: o.reply }];
}

/** Claude's stream events for one answer: one content block, a message_delta with usage. */
export function claudeStreamEvents(model: string, o: Required<AnthropicMockOptions>): { type: string }[] {
  const events: { type: string }[] = [];
  const send = (type: string, data: object) => events.push({ type, ...data });
  send('message_start', { message: { id: 'msg_mock', type: 'message', role: 'assistant', model, content: [], stop_reason: null, usage: { input_tokens: o.inputTokens, output_tokens: 1, ...o.cacheUsage } } });
  if (o.toolCall.name) {
    send('content_block_start', { index: 0, content_block: { type: 'tool_use', id: 'toolu_mock', name: o.toolCall.name, input: {} } });
    send('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(o.toolCall.input) } });
  } else {
    send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    send('ping', {});
    for (const piece of o.reply.split(/(?<= )/)) send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
  }
  send('content_block_stop', { index: 0 });
  send('message_delta', { delta: { stop_reason: o.toolCall.name ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: o.outputTokens, ...serverTools(o) } });
  send('message_stop', {});
  return events;
}

/** Claude's whole answer (the Messages API's non-streamed body). */
export function claudeAnswer(model: string, o: Required<AnthropicMockOptions>): object {
  const stop = o.toolCall.name ? 'tool_use' : 'end_turn';
  return { id: 'msg_mock', type: 'message', role: 'assistant', model, content: content(o), stop_reason: stop, stop_sequence: null, usage: { input_tokens: o.inputTokens, output_tokens: o.outputTokens, ...o.cacheUsage, ...serverTools(o) } };
}

const serverTools = (o: Required<AnthropicMockOptions>) => (o.serverToolUse.web_search_requests > 0 ? { server_tool_use: o.serverToolUse } : {});

export const defaultClaudeOptions = (initial: AnthropicMockOptions): Required<AnthropicMockOptions> => ({ reply: 'Hello from Claude', toolCall: { name: '', input: {} }, inputTokens: 11, outputTokens: 13, cacheUsage: {}, serverToolUse: { web_search_requests: 0 }, ...initial });

/** Streams as Anthropic does: named SSE events. */
function stream(response: ServerResponse, model: string, o: Required<AnthropicMockOptions>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of claudeStreamEvents(model, o)) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  response.end();
}

/** A real HTTP server speaking Anthropic's Messages API (x-api-key, anthropic-version), plain and SSE; any key but `key` gets Anthropic's 401. */
export async function startAnthropicMock(key: string, initial: AnthropicMockOptions = {}): Promise<AnthropicMock> {
  let o = defaultClaudeOptions(initial);
  const requests: AnthropicMock['requests'] = [];
  const server = createServer(answering(async (request, response) => {
    const body = await readJson(request);
    requests.push({ headers: request.headers, body });
    const known = request.url === '/v1/messages' || request.url === '/v1/messages/count_tokens';
    if (!known || !request.headers['x-api-key'] || !request.headers['anthropic-version']) {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'bad request to the mock' } }));
    }
    if (request.headers['x-api-key'] !== key) {
      response.writeHead(401, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }));
    }
    const model = String(body.model);
    if (request.url === '/v1/messages/count_tokens') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ input_tokens: o.inputTokens }));
    }
    if (body.stream) return stream(response, model, o);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(claudeAnswer(model, o)));
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
