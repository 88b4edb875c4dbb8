import { chunkWriter } from '../openai-shapes.js';
import type { StreamTranslator, Usage } from '../types.js';
import { readParts } from './answer.js';
import { finishReason, type GeminiResponse, geminiUsage } from './types.js';

/**
 * Gemini's stream (each event a partial GenerateContentResponse) as OpenAI chat chunks: text as
 * content deltas, thought parts as reasoning_content, function calls as whole tool_calls, the finish reason, and usage (the last
 * usageMetadata seen) in a final chunk with no choices.
 */
export function geminiStreamTranslator(model: string): StreamTranslator {
  const writer = chunkWriter(model, 'chatcmpl-gemini');
  const chunk = writer.delta;
  let started = false;
  let calls = 0;
  let usage: Usage | null = null;

  return {
    onEvent(event) {
      const response = event as GeminiResponse;
      writer.id = response.responseId ?? writer.id;
      usage = geminiUsage(response.usageMetadata) ?? usage;
      const candidate = response.candidates?.[0];
      const { text, reasoning, toolCalls } = readParts(candidate?.content?.parts ?? [], calls);
      calls += toolCalls.length;
      const out: object[] = [];
      if (!started) out.push(chunk({ role: 'assistant', content: '' }));
      started = true;
      if (reasoning) out.push(chunk({ reasoning_content: reasoning }));
      if (text) out.push(chunk({ content: text }));
      if (toolCalls.length) out.push(chunk({ tool_calls: toolCalls }));
      if (candidate?.finishReason) out.push(chunk({}, finishReason(candidate.finishReason, calls > 0)));
      return out;
    },
    usage: () => usage,
    finish: () => (usage ? [writer.usage(usage)] : []),
  };
}
