import { ChannelType } from '@tollgate/wire';
import { DEFAULT_TASK_PRICES } from '../billing/default-task-prices.js';
import { bedrockClaudeModels } from './aws/model-ids.js';

/**
 * The models each channel type is known to serve, by channel type: what `GET /api/models` offers
 * the channel form as suggestions (a channel may list any other name too).
 */
const openAIModels = [
  'gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano',
  'o1', 'o3-mini', 'o4-mini', 'text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002',
  'dall-e-2', 'dall-e-3', 'gpt-image-1', 'tts-1', 'tts-1-hd', 'whisper-1', 'omni-moderation-latest',
];

const claudeModels = [
  'claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-3-opus-20240229',
  'claude-sonnet-4-20250514', 'claude-opus-4-20250514',
];
const geminiChatModels = ['gemini-1.5-flash', 'gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro'];
// Task actions are priced and routed under model names: Suno's start suno_, every other is Midjourney's (mj_imagine, swap_face).
const sunoModels = Object.keys(DEFAULT_TASK_PRICES).filter((name) => name.startsWith('suno_'));
const midjourneyModels = Object.keys(DEFAULT_TASK_PRICES).filter((name) => !sunoModels.includes(name));

// Knowledge bases (21, 22) and Dify (37) serve whatever their app is named: they have no list.
export const knownModelsByChannelType = {
  [ChannelType.OpenAI]: openAIModels,
  [ChannelType.Midjourney]: midjourneyModels,
  [ChannelType.Azure]: openAIModels,
  [ChannelType.MidjourneyPlus]: midjourneyModels,
  [ChannelType.PaLM]: ['chat-bison-001'],
  [ChannelType.Anthropic]: claudeModels,
  [ChannelType.Baidu]: ['ERNIE-4.0-8K', 'ERNIE-3.5-8K', 'ERNIE-Speed-8K', 'ERNIE-Lite-8K'],
  [ChannelType.Zhipu]: ['chatglm_turbo', 'chatglm_pro', 'chatglm_std', 'chatglm_lite'],
  [ChannelType.Ali]: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-long'],
  [ChannelType.Xunfei]: ['SparkDesk'],
  [ChannelType.AI360]: ['360gpt-pro', '360gpt-turbo', '360GPT_S2_V9'],
  [ChannelType.Tencent]: ['hunyuan-lite', 'hunyuan-standard', 'hunyuan-pro', 'hunyuan-turbo'],
  [ChannelType.Gemini]: [...geminiChatModels, 'text-embedding-004'],
  [ChannelType.Moonshot]: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  [ChannelType.ZhipuV4]: ['glm-4', 'glm-4v', 'glm-4-flash', 'glm-4-plus'],
  [ChannelType.LingYiWanWu]: ['yi-lightning', 'yi-large', 'yi-medium'],
  [ChannelType.Aws]: bedrockClaudeModels,
  [ChannelType.Cohere]: ['command-r', 'command-r-plus', 'command-a-03-2025', 'embed-english-v3.0', 'embed-multilingual-v3.0', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
  [ChannelType.MiniMax]: ['abab6.5s-chat', 'abab6.5g-chat', 'abab5.5-chat'],
  [ChannelType.SunoAPI]: sunoModels,
  [ChannelType.Jina]: ['jina-embeddings-v3', 'jina-embeddings-v2-base-en', 'jina-reranker-v2-base-multilingual'],
  [ChannelType.Cloudflare]: ['@cf/meta/llama-3.1-8b-instruct', '@cf/meta/llama-3-8b-instruct', '@cf/mistral/mistral-7b-instruct-v0.1', '@cf/qwen/qwen1.5-14b-chat-awq'],
  [ChannelType.SiliconFlow]: ['deepseek-ai/DeepSeek-V3', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  [ChannelType.VertexAI]: [...geminiChatModels, ...claudeModels],
  [ChannelType.Mistral]: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'mistral-embed'],
  [ChannelType.DeepSeek]: ['deepseek-chat', 'deepseek-reasoner'],
} satisfies Partial<Record<ChannelType, string[]>>;
