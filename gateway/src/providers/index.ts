import { ChannelType } from '@tollgate/wire';
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

/**
 * The adapters of their own, by channel type, in id order. Partial: the other types are served
 * by `openAICompatibleFor` (OpenAI's protocol at the type's default address, or the channel's own
 * for Custom), and the task platforms (Midjourney, Midjourney Plus, Suno) by their own routes.
 */
const byChannelType = {
  [ChannelType.OpenAI]: openai,
  [ChannelType.Azure]: azure,
  [ChannelType.PaLM]: palm,
  [ChannelType.Anthropic]: anthropic,
  [ChannelType.Baidu]: baidu,
  [ChannelType.Zhipu]: zhipu,
  [ChannelType.Ali]: qwen,
  [ChannelType.Xunfei]: xunfei,
  [ChannelType.AI360]: ai360,
  [ChannelType.AIProxyLibrary]: aiProxyLibrary,
  [ChannelType.FastGPT]: fastGpt,
  [ChannelType.Tencent]: hunyuan,
  [ChannelType.Gemini]: gemini,
  [ChannelType.ZhipuV4]: zhipuV4,
  [ChannelType.Aws]: awsClaude,
  [ChannelType.Cohere]: cohere,
  [ChannelType.MiniMax]: minimax,
  [ChannelType.Dify]: dify,
  [ChannelType.Jina]: jina,
  [ChannelType.Cloudflare]: cloudflare,
  [ChannelType.VertexAI]: vertex,
} satisfies Partial<Record<ChannelType, ProviderAdapter>>;

/** The channel types with an adapter of their own. */
export type AdaptedChannelType = keyof typeof byChannelType;

const isAdapted = (channelType: number): channelType is AdaptedChannelType => Object.hasOwn(byChannelType, channelType);

/** A stored channel's type is a number: one a newer new-api added (not a `ChannelType` here) speaks OpenAI's protocol. */
export function providerFor(channelType: number): ProviderAdapter {
  return isAdapted(channelType) ? byChannelType[channelType] : openAICompatibleFor(channelType);
}

export type { ProviderAdapter, Usage, UpstreamRequest } from './types.js';
