import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import type { ProviderAdapter, Usage } from '../providers/types.js';

/** What the upstream's answer came to. `usage` is null when the provider reported none. */
export interface AnswerOutcome {
  usage: Usage | null;
  /** Completion text seen, for counting when usage is missing. */
  text: string;
  /** Milliseconds from the start of the request to the first byte sent to the client. */
  firstResponseMs: number;
}

/** Forwards a JSON answer unchanged and reads its usage. */
export async function forwardJsonAnswer(reply: FastifyReply, response: Dispatcher.ResponseData, adapter: ProviderAdapter, startedAt: number): Promise<AnswerOutcome> {
  const text = await response.body.text();
  let usage: Usage | null = null;
  try {
    usage = adapter.usageOfAnswer(JSON.parse(text));
  } catch {
    usage = null;
  }
  await reply.code(200).header('content-type', response.headers['content-type'] ?? 'application/json').send(text);
  return { usage, text: '', firstResponseMs: Date.now() - startedAt };
}

/** Relays an upstream error with its status, in the OpenAI shape, without the channel's secrets. */
export async function forwardUpstreamError(reply: FastifyReply, response: Dispatcher.ResponseData): Promise<void> {
  const text = await response.body.text();
  let message = `upstream error: status ${response.statusCode}`;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } };
    if (parsed.error?.message) message = parsed.error.message;
  } catch {
    // Not JSON: keep the status-only message rather than echo an unknown body.
  }
  await reply.code(response.statusCode).send({ error: { message, type: 'upstream_error', param: '', code: `upstream_${response.statusCode}` } });
}
