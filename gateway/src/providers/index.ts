import { anthropic } from './anthropic/index.js';
import { azure } from './azure/index.js';
import { awsClaude } from './aws/index.js';
import { cohere } from './cohere/index.js';
import { gemini } from './gemini/index.js';
import { openai } from './openai/index.js';
import { openAICompatibleFor } from './openai-compatible-types.js';
// Channel types of issue #9, first half.
import { baidu } from './baidu/index.js';
import { vertex } from './vertex/index.js';
import type { ProviderAdapter } from './types.js';

/** Adapters by channel type (spec: channel types). Types without an entry speak OpenAI's protocol (see openai-compatible-types.ts). */
const byChannelType: Record<number, ProviderAdapter> = {
  1: openai,
  3: azure,
  14: anthropic,
  24: gemini,
  15: baidu,
  // Issue #9, second half: knowledge bases, AWS, Cohere, Dify, Jina, Cloudflare, Vertex.
  33: awsClaude,
  34: cohere,
  41: vertex,
};

export function providerFor(channelType: number): ProviderAdapter {
  return byChannelType[channelType] ?? openAICompatibleFor(channelType);
}

export type { ProviderAdapter, Usage, UpstreamRequest } from './types.js';
