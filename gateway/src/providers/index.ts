import { anthropic } from './anthropic/index.js';
import { azure } from './azure/index.js';
import { gemini } from './gemini/index.js';
import { openai } from './openai/index.js';
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

/** Adapters by channel type (spec: channel types). Types without an entry speak OpenAI's protocol. */
const byChannelType: Record<number, ProviderAdapter> = {
  1: openai,
  3: azure,
  14: anthropic,
  24: gemini,
  15: baidu,
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
  return byChannelType[channelType] ?? openai;
}

export type { ProviderAdapter, Usage, UpstreamRequest } from './types.js';
