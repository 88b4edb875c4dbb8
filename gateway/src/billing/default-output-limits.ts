import { dict } from '@tollgate/wire';
/**
 * The most output tokens each model can produce in one answer (the providers' published
 * maxima), editable in the ModelMaxOutputTokens option. It bounds the worst case of a call that
 * sets no limit of its own, so a hold can cover what the call can cost.
 */
export const defaultModelMaxOutputTokens: Record<string, number> = dict({
  'gpt-3.5-turbo': 4096,
  'gpt-4': 8192,
  'gpt-4-turbo': 4096,
  'gpt-4o': 16384,
  'gpt-4o-mini': 16384,
  'gpt-4.1': 32768,
  'gpt-4.1-mini': 32768,
  'gpt-4.1-nano': 32768,
  o1: 100000,
  'o3-mini': 100000,
  o3: 100000,
  'o4-mini': 100000,
  'claude-3-5-haiku-20241022': 8192,
  'claude-3-5-sonnet-20241022': 8192,
  'claude-3-7-sonnet-20250219': 64000,
  'claude-3-opus-20240229': 4096,
  'claude-sonnet-4-20250514': 64000,
  'claude-opus-4-20250514': 32000,
  'gemini-1.5-flash': 8192,
  'gemini-1.5-pro': 8192,
  'gemini-2.0-flash': 8192,
  'gemini-2.5-flash': 65536,
  'gemini-2.5-pro': 65536,
  'mistral-large-latest': 32768,
  'mistral-small-latest': 32768,
  'deepseek-chat': 8192,
  'deepseek-reasoner': 65536,
  'moonshot-v1-8k': 8192,
  'moonshot-v1-32k': 32768,
  'moonshot-v1-128k': 131072,
});
