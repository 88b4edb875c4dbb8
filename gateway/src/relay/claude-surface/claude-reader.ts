import type { AnswerReader, StreamFraming, StreamTranslator } from '../../providers/types.js';
import { type OpenAIChatAnswer, openAIAnswerToClaude } from './claude-answer.js';
import { openAIChunksToClaude } from './claude-stream.js';

/** Anthropic's stream names every event after its type. */
const claudeFraming: StreamFraming = {
  frame: (event) => `event: ${(event as { type?: string }).type ?? 'message'}\ndata: ${JSON.stringify(event)}\n\n`,
  closing: '',
};

interface ClaudeTextDelta {
  delta?: { type?: string; text?: string };
}

/** The channel's stream as OpenAI chunks (its own translation, or as it came), then as Claude's events. */
function chainedStream(upstream: AnswerReader, model: string): StreamTranslator {
  const inner = upstream.translation?.stream(model);
  const outer = openAIChunksToClaude(model);
  const asOpenAI = (event: unknown): unknown[] => (inner ? inner.onEvent(event) : [event]);
  return {
    onEvent: (event) => asOpenAI(event).flatMap((chunk) => outer.onEvent(chunk)),
    finish: () => [...(inner?.finish?.() ?? []).flatMap((chunk) => outer.onEvent(chunk)), ...(outer.finish?.() ?? [])],
    usage: () => outer.usage() ?? inner?.usage() ?? null,
  };
}

/**
 * Reads the answer of a channel that does not speak Anthropic's protocol for a client of the
 * Messages API: the channel's answer is made OpenAI's first (as for any OpenAI client), then Claude's.
 */
export function claudeClientReader(upstream: AnswerReader): AnswerReader {
  return {
    usageOfAnswer: () => null,
    usageOfChunk: () => null,
    textOfChunk: (event) => {
      const delta = (event as ClaudeTextDelta | null)?.delta;
      return delta?.type === 'text_delta' ? (delta.text ?? '') : '';
    },
    translation: {
      answer(json, model) {
        const openAI = upstream.translation ? upstream.translation.answer(json, model) : { body: json as object, usage: upstream.usageOfAnswer(json) };
        return { body: openAIAnswerToClaude(openAI.body as OpenAIChatAnswer, model), usage: openAI.usage };
      },
      stream: (model) => chainedStream(upstream, model),
      framing: claudeFraming,
    },
  };
}
