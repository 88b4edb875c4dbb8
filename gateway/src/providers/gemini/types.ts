import type { Usage } from '../types.js';

/** The slices of Google's Gemini generateContent API the translation reads and writes. */
export type GeminiPart =
  | { text: string; thought?: boolean }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { mimeType: string; fileUri: string } }
  | { functionCall: { name: string; args: unknown } }
  | { functionResponse: { name: string; response: unknown } };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiUsage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
}

export interface GeminiResponse {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[];
  usageMetadata?: GeminiUsage;
  responseId?: string;
}

/** OpenAI finish reasons for Gemini's. */
export function finishReason(reason: string | undefined, calledTools: boolean): string | null {
  if (!reason) return null;
  if (calledTools) return 'tool_calls';
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason === 'SAFETY' || reason === 'RECITATION' || reason === 'BLOCKLIST' || reason === 'PROHIBITED_CONTENT') return 'content_filter';
  return 'stop';
}

/** Thinking tokens are billed as completion, as Google bills them. */
export function geminiUsage(usage: GeminiUsage | undefined): Usage | null {
  if (!usage || typeof usage.promptTokenCount !== 'number') return null;
  const counted: Usage = { promptTokens: usage.promptTokenCount, completionTokens: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) };
  if (usage.cachedContentTokenCount) counted.cachedPromptTokens = usage.cachedContentTokenCount;
  return counted;
}
