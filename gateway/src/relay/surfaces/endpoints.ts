import { rerankUsage } from '../../providers/openai/rerank.js';
import type { Usage } from '../../providers/types.js';
import { openAIChatLimit, openAICompletionsLimit, type OutputLimitField } from '../admission/output-limit.js';
import { contentText, promptText } from '../../providers/shared/token-count.js';

/** An OpenAI-compatible JSON endpoint the relay serves the same way: admit, forward, bill. */
export interface RelayEndpoint {
  /** The upstream path, appended to the channel's base URL. */
  path: string;
  /** The text the prompt tokens come from, for the hold and for counting when usage is missing. */
  promptText(body: Record<string, unknown>): string;
  /** No provider translation covers it: only channels that speak OpenAI's wire serve it. */
  untranslated?: boolean;
  /** Usage of an answer that does not report it as chat's `usage.prompt_tokens`. */
  usageOfAnswer?(answer: unknown): Usage | null;
  /** Where the request bounds its answer's tokens; absent for an endpoint that answers none (embeddings, moderations, rerank). */
  outputLimit?: OutputLimitField;
}

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('\n');
  return '';
};

export const chatCompletionsEndpoint: RelayEndpoint = { path: '/v1/chat/completions', promptText: (body) => promptText(body.messages), outputLimit: openAIChatLimit };
export const completionsEndpoint: RelayEndpoint = { path: '/v1/completions', promptText: (body) => textOf(body.prompt), outputLimit: openAICompletionsLimit };
export const embeddingsEndpoint: RelayEndpoint = { path: '/v1/embeddings', promptText: (body) => textOf(body.input) };
/** OpenAI's moderation answers carry no usage: billed by the input's tokens, counted. */
export const moderationsEndpoint: RelayEndpoint = { path: '/v1/moderations', promptText: (body) => contentText(body.input), untranslated: true };
/** Rerank (Jina, SiliconFlow, Cohere-style): billed by input tokens, the query's and the documents'. */
export const rerankEndpoint: RelayEndpoint = { path: '/v1/rerank', promptText: (body) => contentText([body.query, body.documents]), untranslated: true, usageOfAnswer: rerankUsage };
