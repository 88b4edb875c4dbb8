import { openAIAnswerText } from '../../providers/shared/completion-text.js';
import type { AnswerReader, StreamFraming, StreamTranslator } from '../../providers/types.js';

/** How a client surface other than OpenAI's writes an OpenAI-shaped answer in its own protocol. */
export interface ClientSurface {
  answer(openAI: object, model: string): object;
  /** Turns OpenAI chunks into the surface's stream events. */
  stream(model: string): StreamTranslator;
  framing: StreamFraming;
  /** The completion text one of the surface's stream events carries: text, reasoning, tool calls (for counting when no usage came). */
  textOfEvent(event: unknown): string;
}

/** The channel's stream as OpenAI chunks (its own translation, or as it came), then as the surface's events. */
function chainedStream(upstream: AnswerReader, surface: ClientSurface, model: string): StreamTranslator {
  const inner = upstream.translation?.stream(model);
  const outer = surface.stream(model);
  const asOpenAI = (event: unknown, raw?: string): unknown[] => (inner ? inner.onEvent(event, raw) : [event]);
  return {
    onEvent: (event, raw) => asOpenAI(event, raw).flatMap((chunk) => outer.onEvent(chunk)),
    finish: () => [...(inner?.finish?.() ?? []).flatMap((chunk) => outer.onEvent(chunk)), ...(outer.finish?.() ?? [])],
    usage: () => outer.usage() ?? inner?.usage() ?? null,
  };
}

/**
 * Reads the answer of a channel for a client of another surface (a Claude or Gemini client on an
 * OpenAI channel, say): the channel's answer is made OpenAI's first, as for any OpenAI client,
 * then the surface's.
 */
export function surfaceReader(upstream: AnswerReader, surface: ClientSurface): AnswerReader {
  return {
    usageOfAnswer: () => null,
    usageOfChunk: () => null,
    textOfChunk: surface.textOfEvent,
    // A channel whose stream is not SSE (Bedrock's binary frames) is re-framed before either translation.
    asSse: upstream.asSse,
    translation: {
      answer(json, model) {
        const openAI = upstream.translation ? upstream.translation.answer(json, model) : { body: json as object, usage: upstream.usageOfAnswer(json) };
        // The text to count is read from the OpenAI answer, before it takes the surface's shape.
        const text = openAIAnswerText(openAI.body);
        return { ...openAI, body: surface.answer(openAI.body, model), text };
      },
      stream: (model) => chainedStream(upstream, surface, model),
      framing: surface.framing,
    },
  };
}
