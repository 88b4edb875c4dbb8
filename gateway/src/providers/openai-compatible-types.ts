import { openai, openAICompatible } from './openai/index.js';
import type { ProviderAdapter } from './types.js';

/**
 * Channel types whose upstream speaks OpenAI's protocol at its own address (the wire-compatible
 * gateway's defaults), used when a channel leaves its base URL empty.
 */
const defaultBaseUrls: Record<number, [id: string, baseUrl: string]> = {
  4: ['ollama', 'http://localhost:11434'],
  6: ['openai-max', 'https://api.openaimax.com'],
  7: ['ohmygpt', 'https://api.ohmygpt.com'],
  9: ['ails', 'https://api.caipacity.com'],
  10: ['aiproxy', 'https://api.aiproxy.io'],
  12: ['api2gpt', 'https://api.api2gpt.com'],
  13: ['aigc2d', 'https://api.aigc2d.com'],
  20: ['openrouter', 'https://openrouter.ai/api'],
  25: ['moonshot', 'https://api.moonshot.cn'],
  27: ['perplexity', 'https://api.perplexity.ai'],
  31: ['lingyiwanwu', 'https://api.lingyiwanwu.com'],
  40: ['siliconflow', 'https://api.siliconflow.cn'],
  42: ['mistral', 'https://api.mistral.ai'],
  43: ['deepseek', 'https://api.deepseek.com'],
};

const adapters = new Map(Object.entries(defaultBaseUrls).map(([type, [id, baseUrl]]) => [Number(type), openAICompatible(id, baseUrl)]));

/** The OpenAI-protocol adapter for a type without one of its own: its default address, else OpenAI's (custom channels set theirs). */
export const openAICompatibleFor = (channelType: number): ProviderAdapter => adapters.get(channelType) ?? openai;
