import type { Usage } from '../types.js';
import { cohereUsage } from './answer.js';

/** Cohere's v1 embed answer: floats per text (or by type when embedding_types was asked), billed in input tokens. */
export interface CohereEmbedAnswer {
  id?: string;
  embeddings: number[][] | { float?: number[][] };
  meta?: { billed_units?: { input_tokens?: number } };
}

export const isEmbedAnswer = (answer: unknown): answer is CohereEmbedAnswer => typeof answer === 'object' && answer !== null && 'embeddings' in answer;

/**
 * An OpenAI embeddings request as Cohere's v1 embed: `input` (one text or several) as `texts`.
 * Embed v3 models require an input_type; OpenAI's request has none, and documents to search is
 * what an OpenAI client most often embeds.
 */
export function cohereEmbedRequest(body: Record<string, unknown>): Record<string, unknown> {
  const texts = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
  return { model: body.model, texts, input_type: 'search_document' };
}

/** Cohere's embed answer in OpenAI's shape: one float vector per input, in order. */
export function openAIEmbeddings(answer: CohereEmbedAnswer, model: string): { body: object; usage: Usage | null } {
  const vectors = Array.isArray(answer.embeddings) ? answer.embeddings : (answer.embeddings.float ?? []);
  const usage = cohereUsage(answer);
  const tokens = usage?.promptTokens ?? 0;
  const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
  return { body: { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } }, usage };
}
