import { countTokens } from 'gpt-tokenizer';
import type { Usage } from '../providers/types.js';

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

/** A cheap prompt size for the hold (about four characters a token); exact counts come later. */
export function roughPromptTokens(messages: unknown): number {
  return Math.ceil(promptText(messages).length / 4);
}

/** Usage counted with the o200k tokenizer, for an upstream that reported none. */
export function countedUsage(messages: unknown, completionText: string): Usage {
  return { promptTokens: countTokens(promptText(messages)), completionTokens: countTokens(completionText) };
}
