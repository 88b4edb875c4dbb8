import { openAIAnswer as claudeAnswer } from '../anthropic/answer.js';
import { claudeStreamTranslator } from '../anthropic/stream.js';
import { type ClaudeAnswer, claudeUsage } from '../anthropic/types.js';
import { openAIAnswer as geminiAnswer } from '../gemini/answer.js';
import { geminiStreamTranslator } from '../gemini/stream.js';
import { type GeminiResponse, geminiUsage } from '../gemini/types.js';
import type { ProviderTranslation, StreamTranslator, Usage } from '../types.js';

/** Claude's answers and events carry a `type`; Gemini's never do. The shape says who answered, whatever the model was mapped to. */
const fromClaude = (json: unknown): boolean => typeof (json as { type?: unknown } | null)?.type === 'string';

export function vertexUsage(answer: unknown): Usage | null {
  return fromClaude(answer) ? claudeUsage((answer as ClaudeAnswer).usage) : geminiUsage((answer as GeminiResponse | null)?.usageMetadata);
}

/** A stream translator chosen by the first event: Claude's or Gemini's. */
function vertexStream(model: string): StreamTranslator {
  let chosen: StreamTranslator | null = null;
  return {
    onEvent(event) {
      chosen ??= fromClaude(event) ? claudeStreamTranslator(model) : geminiStreamTranslator(model);
      return chosen.onEvent(event);
    },
    usage: () => chosen?.usage() ?? null,
    finish: () => chosen?.finish?.() ?? [],
  };
}

export const vertexTranslation: ProviderTranslation = {
  answer: (upstream, model) => (fromClaude(upstream) ? claudeAnswer(upstream, model) : geminiAnswer(upstream, model)),
  stream: vertexStream,
};
