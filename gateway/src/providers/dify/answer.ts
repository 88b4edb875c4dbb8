import { dict } from '@tollgate/wire';
import { chunkWriter, textCompletion } from '../openai-shapes.js';
import type { StreamTranslator, Usage } from '../types.js';

interface DifyUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

/** A blocking answer, and each streamed event (message, agent_message, message_end, error, ping…). */
interface DifyEvent {
  event?: string;
  message_id?: string;
  answer?: string;
  metadata?: { usage?: DifyUsage };
  message?: string;
}

export function difyUsage(answer: unknown): Usage | null {
  const usage = (answer as DifyEvent | null)?.metadata?.usage;
  if (typeof usage?.prompt_tokens !== 'number') return null;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 };
}

export function openAIAnswer(upstream: unknown, model: string): { body: object; usage: Usage | null } {
  const answer = upstream as DifyEvent;
  const usage = difyUsage(answer);
  return { body: textCompletion(answer.message_id ?? 'chatcmpl-dify', model, answer.answer ?? '', 'stop', usage), usage };
}

/**
 * Dify's stream as OpenAI chunks: the answer pieces of message and agent_message events as
 * content, message_end as the finish with its usage, an error event as an OpenAI error. Workflow
 * and node events carry nothing for the client.
 */
export function difyStreamTranslator(model: string): StreamTranslator {
  const out = chunkWriter(model, 'chatcmpl-dify');
  let started = false;
  let usage: Usage | null = null;
  const text = (e: DifyEvent) => {
    out.id = e.message_id ?? out.id;
    const role = started ? {} : { role: 'assistant' };
    started = true;
    return [out.delta({ ...role, content: e.answer ?? '' })];
  };
  const handlers: Record<string, (e: DifyEvent) => object[]> = dict({
    message: text,
    agent_message: text,
    message_end: (e) => {
      usage = difyUsage(e);
      const finish = out.delta({}, 'stop');
      return usage ? [finish, out.usage(usage)] : [finish];
    },
    error: (e) => [{ error: { message: e.message ?? 'upstream stream error', type: 'upstream_error' } }],
  });
  return {
    onEvent: (event) => {
      const e = event as DifyEvent;
      return handlers[e.event ?? '']?.(e) ?? [];
    },
    usage: () => usage,
  };
}
