import { countTokens as countBpe } from 'gpt-tokenizer';
import type { Usage } from '../types.js';

/** Runs of non-space characters longer than this are counted in slices of it (see countTokens). */
export const LONGEST_COUNTED_RUN = 256;

/** Spaces that end a run (ASCII controls and space, and the common Unicode spaces). */
export const isSpace = (code: number): boolean => code <= 32 || code === 0xa0 || code === 0x3000 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029;

/**
 * o200k tokens of `text`, in time linear in its length. The tokenizer's merge step is quadratic in
 * the length of one pre-token: a single 64,000-letter word took 3 s and held the event loop. Text
 * without a run of more than LONGEST_COUNTED_RUN non-space characters (prose, code) is counted
 * whole, exactly. A longer run is counted in slices of that length, so its count comes out a little
 * higher (a token or two per slice at most; measured in the unit test), never lower. The runs are
 * cut by tokenPieces. Measured here: 10 million characters of one word in 0.12 s. Text the
 * tokenizer has not seen is slower (random CJK: about 3 ms per 1,000 characters), so large texts
 * are counted off the event loop (token-count-pool.ts).
 */
export function countTokens(text: string): number {
  let total = 0;
  for (const piece of tokenPieces(text)) total += countBpe(piece);
  return total;
}

/**
 * The pieces countTokens counts one by one: the text whole, or, around each run longer than
 * LONGEST_COUNTED_RUN, the text between runs and each run in slices. Found in one pass over the
 * characters (a regular expression backtracks on runs just short of the limit).
 */
export function tokenPieces(text: string): string[] {
  const pieces: string[] = [];
  let counted = 0;
  let runStart = 0;
  for (let at = 0; at <= text.length; at++) {
    if (at < text.length && !isSpace(text.charCodeAt(at))) continue;
    if (at - runStart > LONGEST_COUNTED_RUN) {
      pieces.push(text.slice(counted, runStart));
      for (let slice = runStart; slice < at; slice += LONGEST_COUNTED_RUN) pieces.push(text.slice(slice, Math.min(at, slice + LONGEST_COUNTED_RUN)));
      counted = at;
    }
    runStart = at + 1;
  }
  pieces.push(counted === 0 ? text : text.slice(counted));
  return pieces;
}

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

/** Whether the upstream's usage is billed as it is (completedUsage counts nothing). */
export function isWholeUsage(reported: Usage | null, completionText: string): boolean {
  return reported !== null && reported.promptTokens > 0 && (!needsCompletionText(reported) || completionText === '');
}

/**
 * The usage to bill: the upstream's where it is whole, else counted. A missing usage is counted
 * in full; a zero prompt is counted, and so is a zero completion when text came back, while what
 * the upstream did report (cache, audio, a non-zero count) is kept, as the wire-compatible gateway
 * fills only the missing fields. `count` runs only when something is missing.
 */
export async function completedUsage(reported: Usage | null, completionText: string, count: () => Usage | Promise<Usage>): Promise<Usage> {
  if (reported && isWholeUsage(reported, completionText)) return reported;
  const counted = await count();
  if (!reported) return counted;
  return { ...reported, promptTokens: reported.promptTokens || counted.promptTokens, completionTokens: reported.completionTokens || counted.completionTokens };
}
