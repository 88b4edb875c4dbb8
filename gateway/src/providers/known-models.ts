/**
 * The models each channel type is known to serve, by channel type: what `GET /api/models` offers
 * the channel form as suggestions (a channel may list any other name too).
 */
const openAIModels = [
  'gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano',
  'o1', 'o3-mini', 'o4-mini', 'text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002',
  'dall-e-2', 'dall-e-3', 'gpt-image-1', 'tts-1', 'tts-1-hd', 'whisper-1', 'omni-moderation-latest',
];

export const knownModelsByChannelType: Record<number, string[]> = {
  1: openAIModels,
  3: openAIModels,
  14: [
    'claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-3-opus-20240229',
    'claude-sonnet-4-20250514', 'claude-opus-4-20250514',
  ],
  24: ['gemini-1.5-flash', 'gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro', 'text-embedding-004'],
  25: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  31: ['yi-lightning', 'yi-large', 'yi-medium'],
  40: ['deepseek-ai/DeepSeek-V3', 'Qwen/Qwen2.5-72B-Instruct', 'BAAI/bge-m3'],
  42: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest', 'mistral-embed'],
  43: ['deepseek-chat', 'deepseek-reasoner'],
};
