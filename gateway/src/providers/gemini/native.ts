import type { ProviderAdapter } from '../types.js';
import { geminiResponseText } from '../shared/completion-text.js';
import { type GeminiResponse, geminiUsage } from './types.js';

/**
 * Reads a native Gemini answer as it passes through untouched: every stream event may carry
 * usageMetadata, and the last one holds the totals.
 */
export const geminiPassthroughReader: ProviderAdapter = {
  id: 'gemini-native',
  request: () => {
    throw new Error('geminiPassthroughReader only reads answers');
  },
  usageOfAnswer: (answer) => geminiUsage((answer as GeminiResponse | null)?.usageMetadata),
  usageOfChunk: (chunk) => geminiUsage((chunk as GeminiResponse | null)?.usageMetadata),
  textOfChunk: geminiResponseText,
  textOfAnswer: geminiResponseText,
};
