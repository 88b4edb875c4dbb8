import { ChannelType } from '@tollgate/wire';
import { openai, openAICompatible } from './openai/index.js';
import type { ProviderAdapter } from './types.js';

/**
 * Channel types whose upstream speaks OpenAI's protocol at its own address (the wire-compatible
 * gateway's defaults), used when a channel leaves its base URL empty.
 */
const defaultBaseUrls = {
  [ChannelType.Ollama]: ['ollama', 'http://localhost:11434'],
  [ChannelType.OpenAIMax]: ['openai-max', 'https://api.openaimax.com'],
  [ChannelType.OhMyGPT]: ['ohmygpt', 'https://api.ohmygpt.com'],
  [ChannelType.AILS]: ['ails', 'https://api.caipacity.com'],
  [ChannelType.AIProxy]: ['aiproxy', 'https://api.aiproxy.io'],
  [ChannelType.API2GPT]: ['api2gpt', 'https://api.api2gpt.com'],
  [ChannelType.AIGC2D]: ['aigc2d', 'https://api.aigc2d.com'],
  [ChannelType.OpenRouter]: ['openrouter', 'https://openrouter.ai/api'],
  [ChannelType.Moonshot]: ['moonshot', 'https://api.moonshot.cn'],
  [ChannelType.Perplexity]: ['perplexity', 'https://api.perplexity.ai'],
  [ChannelType.LingYiWanWu]: ['lingyiwanwu', 'https://api.lingyiwanwu.com'],
  [ChannelType.SiliconFlow]: ['siliconflow', 'https://api.siliconflow.cn'],
  [ChannelType.Mistral]: ['mistral', 'https://api.mistral.ai'],
  [ChannelType.DeepSeek]: ['deepseek', 'https://api.deepseek.com'],
} satisfies Partial<Record<ChannelType, [id: string, baseUrl: string]>>;

const adapters = new Map(Object.entries(defaultBaseUrls).map(([type, [id, baseUrl]]) => [Number(type), openAICompatible(id, baseUrl)]));

/** The OpenAI-protocol adapter for a type without one of its own: its default address, else OpenAI's (custom channels set theirs). */
export const openAICompatibleFor = (channelType: number): ProviderAdapter => adapters.get(channelType) ?? openai;
