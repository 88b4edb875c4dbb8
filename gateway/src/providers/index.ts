import { anthropic } from './anthropic/index.js';
import { azure } from './azure/index.js';
import { gemini } from './gemini/index.js';
import { openai } from './openai/index.js';
import { openAICompatibleFor } from './openai-compatible-types.js';
// Channel types of issue #9, first half.
import { ai360 } from './ai360/index.js';
import { baidu } from './baidu/index.js';
import { hunyuan } from './hunyuan/index.js';
import { minimax } from './minimax/index.js';
import { palm } from './palm/index.js';
import { qwen } from './qwen/index.js';
import { xunfei } from './xunfei/index.js';
import { zhipu, zhipuV4 } from './zhipu/index.js';
import type { ProviderAdapter } from './types.js';
// Issue #9, second half.
import { aiProxyLibrary } from './aiproxy/index.js';
import { awsClaude } from './aws/index.js';
import { cloudflare } from './cloudflare/index.js';
import { cohere } from './cohere/index.js';
import { dify } from './dify/index.js';
import { fastGpt } from './fastgpt/index.js';
import { jina } from './jina/index.js';
import { vertex } from './vertex/index.js';

/** Adapters by channel type (spec: channel types). Types without an entry speak OpenAI's protocol (see openai-compatible-types.ts). */
const byChannelType: Record<number, ProviderAdapter> = {
  1: openai,
  3: azure,
  14: anthropic,
  24: gemini,
  15: baidu,
  // Issue #9, second half: knowledge bases, AWS, Cohere, Dify, Jina, Cloudflare, Vertex.
  21: aiProxyLibrary,
  22: fastGpt,
  33: awsClaude,
  34: cohere,
  37: dify,
  38: jina,
  39: cloudflare,
  41: vertex,
  16: zhipu,
  26: zhipuV4,
  17: qwen,
  23: hunyuan,
  19: ai360,
  35: minimax,
  11: palm,
  18: xunfei,
};

export function providerFor(channelType: number): ProviderAdapter {
  return byChannelType[channelType] ?? openAICompatibleFor(channelType);
}

export type { ProviderAdapter, Usage, UpstreamRequest } from './types.js';
