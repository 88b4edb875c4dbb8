import { z } from 'zod';
import type { Usage } from '../../../providers/types.js';

const count = z.number().int().nonnegative().catch(0);

/** The kinds of tokens one side of a realtime response counts; absent kinds read as 0. */
const kinds = z.looseObject({ text_tokens: count.optional(), audio_tokens: count.optional(), image_tokens: count.optional() });

/** `response.usage` of a realtime `response.done` event, as OpenAI and Azure report it. */
const realtimeUsage = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  input_token_details: kinds.extend({ cached_tokens: count.optional(), cached_tokens_details: kinds.optional() }).nullish(),
  output_token_details: kinds.nullish(),
});

const responseDone = z.looseObject({ type: z.literal('response.done'), response: z.looseObject({ usage: realtimeUsage.nullish() }) });

/** Keeps only the counts that are there, so a usage without audio reads as plain text. */
function nonZero(counts: Omit<Usage, 'promptTokens' | 'completionTokens'>): Partial<Usage> {
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => typeof n === 'number' && n > 0));
}

/**
 * The usage one `response.done` reports, in the relay's terms: input and output tokens, of which
 * audio (at AudioRatio and AudioCompletionRatio), cached (at CacheRatio) and image input. Cached
 * audio is counted once, as cached: OpenAI's `audio_tokens` includes the cached ones.
 * Null for any other event, or a `response.done` without usage.
 */
export function realtimeUsageOf(event: unknown): Usage | null {
  const parsed = responseDone.safeParse(event);
  const usage = parsed.success ? parsed.data.response.usage : null;
  if (!usage) return null;
  const input = usage.input_token_details;
  const cachedAudio = input?.cached_tokens_details?.audio_tokens ?? 0;
  return {
    promptTokens: usage.input_tokens,
    completionTokens: usage.output_tokens,
    ...nonZero({
      cachedPromptTokens: input?.cached_tokens,
      audioPromptTokens: Math.max((input?.audio_tokens ?? 0) - cachedAudio, 0),
      imagePromptTokens: input?.image_tokens,
      audioCompletionTokens: usage.output_token_details?.audio_tokens,
    }),
  };
}
