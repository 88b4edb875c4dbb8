import { z } from 'zod/mini';

/**
 * new-api's channel type ids (its constant/channel.go), the ones Tollgate knows: the `type` of a
 * channel on the wire. Ids new-api never used (28-30, 32) are absent; a stored channel may still
 * carry a number not listed here (imported from a newer new-api), so a channel's `type` stays a number.
 */
export const ChannelType = {
  OpenAI: 1,
  Midjourney: 2,
  Azure: 3,
  Ollama: 4,
  MidjourneyPlus: 5,
  OpenAIMax: 6,
  OhMyGPT: 7,
  Custom: 8,
  AILS: 9,
  AIProxy: 10,
  PaLM: 11,
  API2GPT: 12,
  AIGC2D: 13,
  Anthropic: 14,
  Baidu: 15,
  Zhipu: 16,
  Ali: 17,
  Xunfei: 18,
  AI360: 19,
  OpenRouter: 20,
  AIProxyLibrary: 21,
  FastGPT: 22,
  Tencent: 23,
  Gemini: 24,
  Moonshot: 25,
  ZhipuV4: 26,
  Perplexity: 27,
  LingYiWanWu: 31,
  Aws: 33,
  Cohere: 34,
  MiniMax: 35,
  SunoAPI: 36,
  Dify: 37,
  Jina: 38,
  Cloudflare: 39,
  SiliconFlow: 40,
  VertexAI: 41,
  Mistral: 42,
  DeepSeek: 43,
  Kling: 50,
  Jimeng: 51,
  Vidu: 52,
  DoubaoVideo: 54,
  Sora: 55,
} as const;
export type ChannelType = (typeof ChannelType)[keyof typeof ChannelType];
export type ChannelTypeName = keyof typeof ChannelType;

const known: ReadonlySet<number> = new Set(Object.values(ChannelType));

/** Whether `type` is one of the ids above. */
export function isChannelType(type: number): type is ChannelType {
  return known.has(type);
}

/** A known channel type id; anything else is refused. */
export const channelTypeSchema = z.int().check(z.refine(isChannelType, { message: 'unknown channel type' })) as z.ZodMiniType<ChannelType>;
