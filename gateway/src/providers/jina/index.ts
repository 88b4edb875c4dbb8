import { openAICompatible } from '../openai/index.js';

/**
 * Jina (channel type 38): embeddings and rerank in OpenAI's shapes at api.jina.ai, Bearer auth;
 * rerank answers report `usage.total_tokens`, which the rerank surface bills.
 */
export const jina = openAICompatible('jina', 'https://api.jina.ai');
