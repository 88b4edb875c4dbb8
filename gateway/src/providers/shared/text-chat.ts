import { openai } from '../openai/index.js';
import { chunkWriter, textCompletion } from '../openai-shapes.js';
import type { ProviderAdapter, ProviderTranslation, RequestPart, StreamTranslator, Usage } from '../types.js';

/** What one answer or one stream event of a text-only chat provider carries, in neutral terms. */
export interface TextReading {
  text: string;
  usage: Usage | null;
  /** OpenAI's finish reason once the provider says the answer is done. */
  finishReason?: string | null;
  id?: string;
  /** Set when the answer is a refusal sent with status 200; `text` then says it to the client. */
  refusal?: string;
}

/** What a text-only adapter cannot send (ProviderAdapter.cannotTake). */
export const TEXT_ONLY: readonly RequestPart[] = ['tools', 'images'];

/** A plain-text chat message, the shape most of these providers take. */
export interface TextMessage {
  role: string;
  content: string;
}

interface OpenAIPart {
  type?: string;
  text?: string;
}

/** An OpenAI message's content as plain text (text parts joined; images and others dropped). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as OpenAIPart[]).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

/** An OpenAI request's messages as plain-text messages. */
export function textMessages(body: Record<string, unknown>): TextMessage[] {
  const messages = (body.messages as { role: string; content?: unknown }[] | undefined) ?? [];
  return messages.map((m) => ({ role: m.role, content: contentText(m.content) }));
}

const chatId = (id: string | undefined) => id || 'chatcmpl-tollgate';

/** The answer and stream translation of a provider read through `answer` and `event`. */
export function textChatTranslation(answer: (upstream: unknown) => TextReading, event: (upstream: unknown, raw: string) => TextReading | null): ProviderTranslation {
  return {
    answer(upstream, model) {
      const read = answer(upstream);
      return { body: textCompletion(chatId(read.id), model, read.text, read.finishReason ?? 'stop', read.usage), usage: read.usage };
    },
    stream: (model) => textStreamTranslator(model, event),
  };
}

/** Events as OpenAI chunks: a role chunk first, the text as deltas, the finish reason, usage last. */
function textStreamTranslator(model: string, event: (upstream: unknown, raw: string) => TextReading | null): StreamTranslator {
  const writer = chunkWriter(model, chatId(''));
  const chunk = writer.delta;
  let named = false;
  let started = false;
  let finished = false;
  let usage: Usage | null = null;
  return {
    onEvent(upstream, raw = '') {
      const read = event(upstream, raw);
      if (!read) return [];
      if (!named && read.id) {
        writer.id = read.id; // the stream's first id names every chunk after it
        named = true;
      }
      usage = read.usage ?? usage;
      const chunks: object[] = started ? [] : [chunk({ role: 'assistant', content: '' })];
      started = true;
      if (read.text) chunks.push(chunk({ content: read.text }));
      if (read.finishReason && !finished) chunks.push(chunk({}, read.finishReason));
      finished ||= Boolean(read.finishReason);
      return chunks;
    },
    usage: () => usage,
    finish: () => [...(finished || !started ? [] : [chunk({}, 'stop')]), ...(usage ? [writer.usage(usage)] : [])],
  };
}

/**
 * The readers of a translated provider: usage comes from its translation, and the text counted
 * (when it reports no usage) from the OpenAI chunks the translation produced.
 */
export function translatedReaders(answer: (upstream: unknown) => TextReading): Pick<ProviderAdapter, 'usageOfAnswer' | 'usageOfChunk' | 'textOfChunk' | 'refusalOf'> {
  return { usageOfAnswer: (upstream) => answer(upstream).usage, usageOfChunk: () => null, textOfChunk: openai.textOfChunk, refusalOf: (upstream) => answer(upstream).refusal ?? null };
}

/** A refusal sent with status 200, told to the client as the answer's text. */
export const refused = (message: string): TextReading => ({ text: message, usage: null, refusal: message });

/** A sampling option copied only when the client set it. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}
