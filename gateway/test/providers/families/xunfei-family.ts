import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { listenOnLoopback } from '../../mock-upstream/listen.js';
import type { ProviderMock, SeenRequest } from '../../mock-upstream/provider-mock.js';
import { caseOfRequest } from '../matrix-cases.js';
import { type Script, scriptFor, words } from './wire-family.js';

/** Spark's codes for a rate limit, an engine failure and a bad parameter, sent in a frame's header as Xunfei does. */
const SPARK_CODES: Record<number, number> = { 429: 11202, 500: 10110, 400: 10163 };

function answerFrames(script: Script): string[] {
  const parts = words(script.text);
  return parts.map((content, seq) => {
    const status = seq === parts.length - 1 ? 2 : seq === 0 ? 0 : 1;
    const usage = status === 2 && script.usage ? { usage: { text: { question_tokens: 1, prompt_tokens: script.usage.prompt, completion_tokens: script.usage.completion, total_tokens: script.usage.prompt + script.usage.completion } } } : {};
    return JSON.stringify({ header: { code: 0, message: 'Success', sid: 's-matrix', status }, payload: { choices: { status, seq, text: [{ content, role: 'assistant', index: 0 }] }, ...usage } });
  });
}

/** What Spark sends for one request frame: the answer's frames, an error frame, or half an answer and a frame cut mid-JSON. */
function framesFor(request: string): string[] {
  const name = caseOfRequest(request);
  const script = scriptFor(name, request);
  if (typeof script === 'number') return [JSON.stringify({ header: { code: SPARK_CODES[script] ?? 10163, message: `matrix ${name}`, sid: 's-matrix', status: 2 } })];
  const frames = answerFrames(script);
  if (name !== 'malformed-stream') return frames;
  return [...frames.slice(0, Math.ceil(frames.length / 2)), '{"header":{"code":0,"message":"Success","sid":"s-matrix","status":1},"payload":{"choi'];
}

function answer(socket: WebSocket, requests: SeenRequest[], path: string): void {
  socket.once('message', (data) => {
    const text = String(data);
    requests.push({ method: 'GET', path, headers: {}, text, body: JSON.parse(text) as Record<string, unknown> });
    for (const frame of framesFor(text)) socket.send(frame);
    socket.close();
  });
}

/**
 * Spark's chat WebSocket (Xunfei): one request frame in, the answer in frames (status 2 on the
 * last, with usage), failures as a frame whose header carries the code. The case is read from
 * the request frame's tag, as the HTTP families read it from the body.
 */
export async function startXunfeiFamilyMock(): Promise<ProviderMock> {
  const requests: SeenRequest[] = [];
  const server = createServer((_request, response) => response.writeHead(426).end());
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket, head, (ws) => answer(ws, requests, new URL(request.url ?? '', 'http://spark').pathname));
  });
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}
