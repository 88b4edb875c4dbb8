import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { ProviderAdapter, Usage } from '../providers/types.js';
import type { AnswerOutcome } from './chat-answer.js';
import { eventJson, SseEventSplitter } from './sse-events.js';

/** The final chunk OpenAI sends for include_usage: usage and no choices. */
function isUsageOnly(json: unknown): boolean {
  const chunk = json as { usage?: unknown; choices?: unknown[] } | null;
  return Boolean(chunk?.usage) && Array.isArray(chunk?.choices) && chunk.choices.length === 0;
}

/**
 * Pipes the upstream's SSE to the client event by event as it arrives, reading usage on the way.
 * Usage is always asked of the upstream; the usage-only chunk reaches the client only if it asked.
 * A broken upstream or a client that left ends the stream; what was produced is still billed.
 */
export async function pipeStreamAnswer(
  reply: FastifyReply,
  response: Dispatcher.ResponseData,
  adapter: ProviderAdapter,
  clientWantsUsage: boolean,
  startedAt: number,
): Promise<AnswerOutcome> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const splitter = new SseEventSplitter();
  const decoder = new TextDecoder();
  let usage: Usage | null = null;
  let text = '';
  let firstResponseMs = -1;
  const forward = (event: string) => {
    const json = eventJson(event);
    usage = adapter.usageOfChunk(json) ?? usage;
    text += json ? adapter.textOfChunk(json) : '';
    if (!clientWantsUsage && isUsageOnly(json)) return;
    if (firstResponseMs < 0) firstResponseMs = Date.now() - startedAt;
    raw.write(event);
  };
  try {
    for await (const chunk of response.body) {
      for (const event of splitter.push(decoder.decode(chunk as Buffer, { stream: true }))) forward(event);
    }
    const rest = splitter.rest();
    if (rest.trim()) forward(rest);
  } catch {
    // The upstream broke off or the client left: end what we have and bill it.
  }
  raw.end();
  return { usage, text, firstResponseMs: Math.max(firstResponseMs, 0) };
}
