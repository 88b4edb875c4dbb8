import { dict } from '@tollgate/wire';
/**
 * The price table a fresh install starts with, editable in the options (ModelRatio, CompletionRatio).
 * A model ratio of 1 prices prompt tokens at $2 per 1M, so ratio = list price per 1M input tokens / 2;
 * the completion ratio is the output price over the input price. From the providers' public price
 * lists; operators who resell at other prices change them in the console.
 */
const perMillionInput: Record<string, [input: number, output: number]> = dict({
  'gpt-3.5-turbo': [0.5, 1.5],
  'gpt-4': [30, 60],
  'gpt-4-turbo': [10, 30],
  'gpt-4o': [2.5, 10],
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4.1': [2, 8],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1-nano': [0.1, 0.4],
  o1: [15, 60],
  'o3-mini': [1.1, 4.4],
  'o4-mini': [1.1, 4.4],
  'text-embedding-3-small': [0.02, 0.02],
  'text-embedding-3-large': [0.13, 0.13],
  'text-embedding-ada-002': [0.1, 0.1],
  'claude-3-5-haiku-20241022': [0.8, 4],
  'claude-3-5-sonnet-20241022': [3, 15],
  'claude-3-7-sonnet-20250219': [3, 15],
  'claude-3-opus-20240229': [15, 75],
  'claude-sonnet-4-20250514': [3, 15],
  'claude-opus-4-20250514': [15, 75],
  'gemini-1.5-flash': [0.075, 0.3],
  'gemini-1.5-pro': [1.25, 5],
  'gemini-2.0-flash': [0.1, 0.4],
  'gemini-2.5-flash': [0.3, 2.5],
  'gemini-2.5-pro': [1.25, 10],
  'text-embedding-004': [0.025, 0.025],
  'mistral-large-latest': [2, 6],
  'mistral-small-latest': [0.2, 0.6],
  'deepseek-chat': [0.27, 1.1],
  'deepseek-reasoner': [0.55, 2.19],
  'moonshot-v1-8k': [1.65, 1.65],
  'moonshot-v1-32k': [3.3, 3.3],
  'moonshot-v1-128k': [8.25, 8.25],
});

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export const defaultModelRatio: Record<string, number> = Object.fromEntries(
  Object.entries(perMillionInput).map(([model, [input]]) => [model, round(input / 2)]),
);

export const defaultCompletionRatio: Record<string, number> = Object.fromEntries(
  Object.entries(perMillionInput).map(([model, [input, output]]) => [model, round(output / input)]),
);

const claudeModels = Object.keys(perMillionInput).filter((model) => model.startsWith('claude-'));

/** Cached prompt tokens relative to ordinary ones (OpenAI's, Anthropic's and Google's cache discounts). */
export const defaultCacheRatio: Record<string, number> = dict({
  'gpt-4o': 0.5,
  'gpt-4o-mini': 0.5,
  'gpt-4.1': 0.25,
  'gpt-4.1-mini': 0.25,
  'gpt-4.1-nano': 0.25,
  o1: 0.5,
  'o3-mini': 0.5,
  'o4-mini': 0.25,
  'gemini-2.5-flash': 0.25,
  'gemini-2.5-pro': 0.25,
  'deepseek-chat': 0.25,
  ...Object.fromEntries(claudeModels.map((model) => [model, 0.1])),
});

/** Anthropic bills writing a prompt into its cache at 1.25 times the input price. */
export const defaultCreateCacheRatio: Record<string, number> = Object.fromEntries(claudeModels.map((model) => [model, 1.25]));
