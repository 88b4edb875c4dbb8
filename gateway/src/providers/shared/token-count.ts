import { countTokens } from 'gpt-tokenizer';
import type { Usage } from '../types.js';

interface ChatMessage {
  content?: unknown;
}

/** The text parts of the messages (string content, or the text parts of multi-part content). */
export function promptText(messages: unknown): string {
  if (!Array.isArray(messages)) return '';
  return (messages as ChatMessage[])
    .map(({ content }) => {
      if (typeof content === 'string') return content;
      if (!Array.isArray(content)) return '';
      return content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join(' ');
    })
    .join('\n');
}

/**
 * The text anywhere in a request's content, whatever its shape: strings, arrays of them, and
 * parts with `text` or nested `content` (Claude messages, Responses input items, moderation and
 * rerank inputs).
 */
export function contentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(contentText).join('\n');
  if (value && typeof value === 'object') {
    const part = value as { text?: unknown; content?: unknown };
    return contentText(part.text ?? part.content);
  }
  return '';
}

/** Prompt tokens of a speech request: `tts-*` models are billed per character, as OpenAI prices them; others per token. */
export function speechTokens(model: string, input: string): number {
  return model.startsWith('tts') ? [...input].length : countTokens(input);
}

/** A cheap prompt size for the hold (about four characters a token); exact counts come later. */
export function roughTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Usage counted with the o200k tokenizer, for an upstream that reported none. */
export function countedUsage(prompt: string, completionText: string): Usage {
  return { promptTokens: countTokens(prompt), completionTokens: countTokens(completionText) };
}

/** Whether completedUsage will read the completion text: the upstream reported no completion count. */
export const needsCompletionText = (reported: Usage | null): boolean => !reported || reported.completionTokens === 0;

/**
 * The usage to bill: the upstream's where it is whole, else counted. A missing usage is counted
 * in full; a zero prompt is counted, and so is a zero completion when text came back, while what
 * the upstream did report (cache, audio, a non-zero count) is kept, as the wire-compatible gateway
 * fills only the missing fields. `count` runs only when something is missing.
 */
export function completedUsage(reported: Usage | null, completionText: string, count: () => Usage): Usage {
  if (reported && reported.promptTokens > 0 && (!needsCompletionText(reported) || completionText === '')) return reported;
  const counted = count();
  if (!reported) return counted;
  return { ...reported, promptTokens: reported.promptTokens || counted.promptTokens, completionTokens: reported.completionTokens || counted.completionTokens };
}
