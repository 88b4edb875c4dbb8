import type { FastifyReply } from 'fastify';
import type { Dispatcher } from 'undici';
import { openAIAnswerText } from '../../providers/shared/completion-text.js';
import type { AnswerReader, Usage } from '../../providers/types.js';
import { OVERHEAD_HEADER, type OverheadClock } from '../overhead.js';
import { isWholeUsage, needsCompletionText } from '../../providers/shared/token-count.js';
import { openAIUsage } from '../../providers/openai-shapes.js';
import { asContentFiltered } from '../../providers/shared/content-filter.js';
import { jsonOrNull } from '../../http/json-or-null.js';

/** What the upstream's answer came to. `usage` is null when the provider reported none. */
export interface AnswerOutcome {
  usage: Usage | null;
  /** Completion text seen (text, reasoning, tool calls), for counting; read only when the usage lacks a completion count. */
  text: string;
  /** Tokens of earlier completion text, counted already and not in `text` (a long stream's). */
  countedTokens?: Promise<number>;
  /** Milliseconds from the start of the request to the first byte sent to the client. */
  firstResponseMs: number;
  /** The usage billed, when it was worked out before the answer ended so the client could be told it. */
  billed?: Usage;
}

/** The usage a call is billed for what it answered: the upstream's, completed by the gateway's count (relay-flow.ts). */
export type BillUsage = (outcome: AnswerOutcome) => Promise<Usage>;

/** An OpenAI chat answer told the usage it was billed, in place of what the upstream reported (nothing, or part of it). */
function withBilledUsage(body: object, billed: Usage): object {
  return { ...body, usage: openAIUsage(billed) };
}


/**
 * Forwards a JSON answer: unchanged from a provider that speaks OpenAI, translated from one that
 * does not. Reads its usage either way.
 */
export async function forwardJsonAnswer(reply: FastifyReply, response: Dispatcher.ResponseData, adapter: AnswerReader, model: string, startedAt: number, clock: OverheadClock, bill?: BillUsage): Promise<AnswerOutcome> {
  const body = await response.body.text();
  clock.upstreamAnswered();
  const json = jsonOrNull(body);
  if (adapter.translation && json !== null) {
    const translated = adapter.translation.answer(json, model);
    const text = needsCompletionText(translated.usage) ? (translated.text ?? openAIAnswerText(translated.body)) : '';
    // A provider that reports no usage, or part of it (AI Proxy's library, PaLM): the client is told what it is billed.
    const answered = translated.status === undefined || translated.status === 200;
    const billed = bill && answered && !isWholeUsage(translated.usage, text) ? await bill({ usage: translated.usage, text, firstResponseMs: 0 }) : undefined;
    await reply.code(translated.status ?? 200).header(OVERHEAD_HEADER, clock.report()).send(billed ? withBilledUsage(translated.body, billed) : translated.body);
    return { usage: translated.usage, text, firstResponseMs: Date.now() - startedAt, ...(billed ? { billed } : {}) };
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
  const parsed = jsonOrNull(failure.text) as { error?: { message?: string } } | null;
  const message = parsed?.error?.message ?? `upstream error: status ${failure.status}`;
  await reply.code(failure.status).send({ error: { message, type: 'upstream_error', param: '', code: failure.code ?? `upstream_${failure.status}` } });
}
