import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { openAIAnswerText } from '../../providers/shared/completion-text.js';
import type { AnswerReader, Usage } from '../../providers/types.js';
import { OVERHEAD_HEADER, type OverheadClock } from '../overhead.js';
import { needsCompletionText } from '../../providers/shared/token-count.js';
import { asContentFiltered } from '../../providers/shared/content-filter.js';

/** What the upstream's answer came to. `usage` is null when the provider reported none. */
export interface AnswerOutcome {
  usage: Usage | null;
  /** Completion text seen (text, reasoning, tool calls), for counting; read only when the usage lacks a completion count. */
  text: string;
  /** Tokens of earlier completion text, counted already and not in `text` (a long stream's). */
  countedTokens?: Promise<number>;
  /** Milliseconds from the start of the request to the first byte sent to the client. */
  firstResponseMs: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Forwards a JSON answer: unchanged from a provider that speaks OpenAI, translated from one that
 * does not. Reads its usage either way.
 */
export async function forwardJsonAnswer(reply: FastifyReply, response: Dispatcher.ResponseData, adapter: AnswerReader, model: string, startedAt: number, clock: OverheadClock): Promise<AnswerOutcome> {
  const body = await response.body.text();
  clock.upstreamAnswered();
  const json = parseJson(body);
  if (adapter.translation && json !== null) {
    const translated = adapter.translation.answer(json, model);
    await reply.code(translated.status ?? 200).header(OVERHEAD_HEADER, clock.report()).send(translated.body);
    const text = needsCompletionText(translated.usage) ? (translated.text ?? openAIAnswerText(translated.body)) : '';
    return { usage: translated.usage, text, firstResponseMs: Date.now() - startedAt };
  }
  const sent = json !== null && adapter.filtered?.(json) ? JSON.stringify(asContentFiltered(json)) : body;
  await reply.code(200).header('content-type', response.headers['content-type'] ?? 'application/json').header(OVERHEAD_HEADER, clock.report()).send(sent);
  if (json === null) return { usage: null, text: '', firstResponseMs: Date.now() - startedAt };
  const usage = adapter.usageOfAnswer(json);
  const text = needsCompletionText(usage) ? (adapter.textOfAnswer?.(json) ?? openAIAnswerText(json)) : '';
  return { usage, text, firstResponseMs: Date.now() - startedAt };
}

/** An upstream failure as the client will see it: the (possibly mapped) status and the upstream's body. */
export interface UpstreamErrorAnswer {
  status: number;
  text: string;
  /** The error's code; `upstream_<status>` when unset. */
  code?: string;
}

/** Relays an upstream error with its status, in the OpenAI shape, without the channel's secrets. */
export async function forwardUpstreamError(reply: FastifyReply, failure: UpstreamErrorAnswer): Promise<void> {
  const parsed = parseJson(failure.text) as { error?: { message?: string } } | null;
  const message = parsed?.error?.message ?? `upstream error: status ${failure.status}`;
  await reply.code(failure.status).send({ error: { message, type: 'upstream_error', param: '', code: failure.code ?? `upstream_${failure.status}` } });
}
