import { promptText } from './token-count.js';

/** An OpenAI-compatible JSON endpoint the relay serves the same way: admit, forward, bill. */
export interface RelayEndpoint {
  /** The upstream path, appended to the channel's base URL. */
  path: string;
  /** The text the prompt tokens come from, for the hold and for counting when usage is missing. */
  promptText(body: Record<string, unknown>): string;
}

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('\n');
  return '';
};

export const chatCompletionsEndpoint: RelayEndpoint = { path: '/v1/chat/completions', promptText: (body) => promptText(body.messages) };
export const completionsEndpoint: RelayEndpoint = { path: '/v1/completions', promptText: (body) => textOf(body.prompt) };
export const embeddingsEndpoint: RelayEndpoint = { path: '/v1/embeddings', promptText: (body) => textOf(body.input) };
