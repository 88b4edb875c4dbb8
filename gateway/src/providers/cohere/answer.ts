import { dict } from '@tollgate/wire';
import { chunkWriter, textCompletion } from '../openai-shapes.js';
import type { StreamTranslator, Usage } from '../types.js';

/** The slice of Cohere's v1 chat answer the translation reads. */
interface CohereAnswer {
  response_id?: string;
  generation_id?: string;
  text?: string;
  finish_reason?: string;
  meta?: { billed_units?: { input_tokens?: number; output_tokens?: number } };
}

interface CohereStreamEvent {
  event_type?: string;
  generation_id?: string;
  text?: string;
  finish_reason?: string;
  response?: CohereAnswer;
}

const FINISH: Record<string, string> = dict({ COMPLETE: 'stop', STOP_SEQUENCE: 'stop', MAX_TOKENS: 'length', ERROR_TOXIC: 'content_filter' });
const finishReason = (reason: string | undefined) => (reason ? (FINISH[reason] ?? 'stop') : null);

/** Billed units are what Cohere charges for: they are the usage. */
export function cohereUsage(answer: unknown): Usage | null {
  const units = (answer as CohereAnswer | null)?.meta?.billed_units;
  if (typeof units?.input_tokens !== 'number') return null;
  return { promptTokens: units.input_tokens, completionTokens: units.output_tokens ?? 0 };
}

export function openAIAnswer(upstream: unknown, model: string): { body: object; usage: Usage | null } {
  const answer = upstream as CohereAnswer;
  const usage = cohereUsage(answer);
  return { body: textCompletion(answer.response_id ?? answer.generation_id ?? 'chatcmpl-cohere', model, answer.text ?? '', finishReason(answer.finish_reason ?? 'COMPLETE'), usage), usage };
}

/** Cohere's stream (stream-start, text-generation, stream-end with the whole response) as OpenAI chunks. */
export function cohereStreamTranslator(model: string): StreamTranslator {
  const out = chunkWriter(model, 'chatcmpl-cohere');
  let usage: Usage | null = null;
  const handlers: Record<string, (e: CohereStreamEvent) => object[]> = dict({
    'stream-start': (e) => {
      out.id = e.generation_id ?? out.id;
      return [out.delta({ role: 'assistant', content: '' })];
    },
    'text-generation': (e) => [out.delta({ content: e.text ?? '' })],
    'stream-end': (e) => {
      usage = cohereUsage(e.response);
      const finish = out.delta({}, finishReason(e.finish_reason ?? 'COMPLETE'));
      return usage ? [finish, out.usage(usage)] : [finish];
    },
  });
  return {
    onEvent: (event) => {
      const e = event as CohereStreamEvent;
      return handlers[e.event_type ?? '']?.(e) ?? [];
    },
    usage: () => usage,
  };
}
