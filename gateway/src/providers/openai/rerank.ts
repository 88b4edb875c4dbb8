import type { Usage } from '../types.js';

interface RerankAnswer {
  /** Jina and the wire-compatible gateway: `prompt_tokens`, or only `total_tokens`. */
  usage?: { prompt_tokens?: number; total_tokens?: number } | null;
  /** SiliconFlow and Cohere v2: `meta.tokens.input_tokens`. */
  meta?: { tokens?: { input_tokens?: number } } | null;
}

/** The input tokens a rerank answer reports, in any of the shapes OpenAI-compatible rerankers use. */
export function rerankUsage(answer: unknown): Usage | null {
  const { usage, meta } = (answer ?? {}) as RerankAnswer;
  const input = usage?.prompt_tokens ?? usage?.total_tokens ?? meta?.tokens?.input_tokens;
  return typeof input === 'number' ? { promptTokens: input, completionTokens: 0 } : null;
}
