import { createServer, type ServerResponse } from 'node:http';
import { answering, listenOnLoopback, readText, sendJson } from './listen.js';

/** What the model "produced": reasoning, text and a tool call, each optional but the text. */
export interface ScriptedAnswer {
  reasoning: string;
  text: string;
  tool: { name: string; args: Record<string, unknown> } | null;
  /** A part of OpenAI's usage to report on chat answers (a zero, or a prompt without completion), as some upstreams do. */
  partialUsage?: Record<string, number>;
}

/**
 * One real HTTP server speaking OpenAI's (chat, completions, responses, embeddings), Anthropic's
 * Messages and Gemini's generateContent protocols, plain and streamed, that never reports usage
 * (or, when told, only part of it on chat answers), as some upstreams do: no `usage`, no usage chunk even when asked, no usageMetadata. Claude's
 * stream carries usage with zero counts (its SDK needs the field), which reads as none.
 */
export interface NoUsageMock {
  url: string;
  paths: string[];
  configure(answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

const words = (text: string): string[] => (text ? text.split(/(?<= )/) : []);
const argsText = (answer: ScriptedAnswer) => JSON.stringify(answer.tool?.args ?? {});

function sse(response: ServerResponse, events: object[], named: boolean, done = ''): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of events) response.write(`${named ? `event: ${(event as { type: string }).type}\n` : ''}data: ${JSON.stringify(event)}\n\n`);
  response.end(done);
}

function openAIChat(model: string, a: ScriptedAnswer, stream: boolean): object[] | object {
  const call = a.tool ? [{ id: 'call_1', type: 'function', function: { name: a.tool.name, arguments: argsText(a) } }] : undefined;
  const finish = a.tool ? 'tool_calls' : 'stop';
  const head = { id: 'chatcmpl-nousage', created: 1_700_000_000, model };
  if (!stream) return { ...head, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: a.text, reasoning_content: a.reasoning || undefined, tool_calls: call }, finish_reason: finish }], usage: a.partialUsage };
  const chunk = (delta: object, finishReason: string | null = null) => ({ ...head, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] });
  const tool = a.tool ? [chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: a.tool.name, arguments: '' } }] }), chunk({ tool_calls: [{ index: 0, function: { arguments: argsText(a) } }] })] : [];
  const usage = a.partialUsage ? [{ ...head, object: 'chat.completion.chunk', choices: [], usage: a.partialUsage }] : [];
  return [chunk({ role: 'assistant', content: '' }), ...words(a.reasoning).map((r) => chunk({ reasoning_content: r })), ...words(a.text).map((t) => chunk({ content: t })), ...tool, chunk({}, finish), ...usage];
}

function openAICompletion(model: string, a: ScriptedAnswer, stream: boolean): object[] | object {
  const head = { id: 'cmpl-nousage', object: 'text_completion', created: 1_700_000_000, model };
  if (!stream) return { ...head, choices: [{ index: 0, text: a.text, finish_reason: 'stop', logprobs: null }] };
  return [...words(a.text).map((text) => ({ ...head, choices: [{ index: 0, text, finish_reason: null, logprobs: null }] })), { ...head, choices: [{ index: 0, text: '', finish_reason: 'stop', logprobs: null }] }];
}

function responseItems(a: ScriptedAnswer): object[] {
  const reasoning = a.reasoning ? [{ type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: a.reasoning }] }] : [];
  const message = { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: a.text, annotations: [] }] };
  const call = a.tool ? [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: a.tool.name, arguments: argsText(a), status: 'completed' }] : [];
  return [...reasoning, message, ...call];
}

function openAIResponse(model: string, a: ScriptedAnswer, stream: boolean): object[] | object {
  const response = { id: 'resp_nousage', object: 'response', created_at: 1_700_000_000, status: 'completed', model, output: responseItems(a), usage: null };
  if (!stream) return response;
  const events: object[] = [{ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }];
  if (a.reasoning) events.push({ type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta: a.reasoning });
  for (const delta of words(a.text)) events.push({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 1, content_index: 0, delta });
  if (a.tool) {
    events.push({ type: 'response.output_item.added', output_index: 2, item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: a.tool.name, arguments: '', status: 'in_progress' } });
    events.push({ type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 2, delta: argsText(a) });
  }
  events.push({ type: 'response.completed', response });
  return events.map((event, i) => ({ ...event, sequence_number: i }));
}

function claudeBlocks(a: ScriptedAnswer): object[] {
  const thinking = a.reasoning ? [{ type: 'thinking', thinking: a.reasoning, signature: 'sig-mock' }] : [];
  const tool = a.tool ? [{ type: 'tool_use', id: 'toolu_1', name: a.tool.name, input: a.tool.args }] : [];
  return [...thinking, { type: 'text', text: a.text }, ...tool];
}

function claudeMessage(model: string, a: ScriptedAnswer, stream: boolean): object[] | object {
  const stop = a.tool ? 'tool_use' : 'end_turn';
  const message = { id: 'msg_nousage', type: 'message', role: 'assistant', model, stop_sequence: null };
  if (!stream) return { ...message, content: claudeBlocks(a), stop_reason: stop };
  const events: object[] = [{ type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 0, output_tokens: 0 } } }];
  let index = 0;
  const block = (start: object, deltas: object[]) => {
    events.push({ type: 'content_block_start', index, content_block: start }, ...deltas.map((delta) => ({ type: 'content_block_delta', index, delta })), { type: 'content_block_stop', index });
    index += 1;
  };
  if (a.reasoning) block({ type: 'thinking', thinking: '' }, [...words(a.reasoning).map((thinking) => ({ type: 'thinking_delta', thinking })), { type: 'signature_delta', signature: 'sig-mock' }]);
  block({ type: 'text', text: '' }, words(a.text).map((text) => ({ type: 'text_delta', text })));
  if (a.tool) block({ type: 'tool_use', id: 'toolu_1', name: a.tool.name, input: {} }, [{ type: 'input_json_delta', partial_json: argsText(a) }]);
  events.push({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 0 } }, { type: 'message_stop' });
  return events;
}

function geminiResponse(a: ScriptedAnswer, stream: boolean): object[] | object {
  const candidate = (parts: object[], last: boolean) => ({ candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }], modelVersion: 'gemini-mock' });
  const thought = a.reasoning ? [{ text: a.reasoning, thought: true }] : [];
  const call = a.tool ? [{ functionCall: { name: a.tool.name, args: a.tool.args } }] : [];
  if (!stream) return candidate([...thought, { text: a.text }, ...call], true);
  return [...thought.map((part) => candidate([part], false)), ...words(a.text).map((text) => candidate([{ text }], false)), candidate(call, true)];
}

/** The answer for one request, by path; an array is a stream's events. */
function answerFor(path: string, body: Record<string, unknown>, a: ScriptedAnswer): { events: object[] | object; named: boolean; done: string } | null {
  const model = String(body.model ?? 'unknown');
  const stream = body.stream === true;
  if (path.endsWith('/chat/completions')) return { events: openAIChat(model, a, stream), named: false, done: 'data: [DONE]\n\n' };
  if (path.endsWith('/completions')) return { events: openAICompletion(model, a, stream), named: false, done: 'data: [DONE]\n\n' };
  if (path.endsWith('/responses')) return { events: openAIResponse(model, a, stream), named: true, done: '' };
  if (path.endsWith('/embeddings')) return { events: { object: 'list', model, data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5] }] }, named: false, done: '' };
  if (path.endsWith('/v1/messages')) return { events: claudeMessage(model, a, stream), named: true, done: '' };
  if (path.includes(':streamGenerateContent')) return { events: geminiResponse(a, true), named: false, done: '' };
  if (path.includes(':generateContent')) return { events: geminiResponse(a, false), named: false, done: '' };
  return null;
}

export async function startNoUsageMock(initial: ScriptedAnswer): Promise<NoUsageMock> {
  let answer = initial;
  const paths: string[] = [];
  const server = createServer(answering(async (request, response) => {
    const text = await readText(request);
    const path = request.url ?? '';
    paths.push(path);
    const found = answerFor(path.split('?')[0] ?? '', text ? (JSON.parse(text) as Record<string, unknown>) : {}, answer);
    if (!found) return sendJson(response, 404, { error: { message: `no such path ${path}`, type: 'invalid_request_error' } });
    if (Array.isArray(found.events)) return sse(response, found.events, found.named, found.done);
    sendJson(response, 200, found.events);
  }));
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    paths,
    configure: (next) => {
      answer = next;
    },
    close: listening.close,
  };
}
