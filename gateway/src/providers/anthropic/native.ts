import { claudeAnswerText, claudeEventText } from '../shared/completion-text.js';
import type { ProviderAdapter, Usage } from '../types.js';
import { type ClaudeAnswer, type ClaudeUsage, claudeUsage, withDeltaUsage } from './types.js';

export const ANTHROPIC_CHANNEL_TYPE = 14;

interface ClaudeStreamEvent {
  type?: string;
  message?: { usage?: ClaudeAnswer['usage'] };
  usage?: ClaudeUsage;
}

/**
 * Reads a native Claude answer as it passes through untouched. Usage arrives in two events
 * (input at message_start, output at message_delta), so the reader keeps state: one per call.
 */
export function claudePassthroughReader(): ProviderAdapter {
  let usage: Usage | null = null;
  return {
    id: 'anthropic-native',
    request: () => {
      throw new Error('claudePassthroughReader only reads answers');
    },
    usageOfAnswer: (answer) => claudeUsage((answer as ClaudeAnswer | null)?.usage),
    usageOfChunk(chunk) {
      const event = chunk as ClaudeStreamEvent | null;
      if (event?.type === 'message_start') usage = claudeUsage({ output_tokens: 0, ...event.message?.usage });
      if (event?.type === 'message_delta' && usage) usage = withDeltaUsage(usage, event.usage);
      return usage;
    },
    textOfChunk: claudeEventText,
    textOfAnswer: claudeAnswerText,
  };
}
