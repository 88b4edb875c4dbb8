import { ChannelType } from '@tollgate/wire';
import type { MessageKey } from '../../i18n/zh';

/** The spec's channel types (section 3); any other number shows as an unknown type. */
export const CHANNEL_TYPES: readonly { id: ChannelType; label: string }[] = [
  { id: ChannelType.OpenAI, label: 'OpenAI' },
  { id: ChannelType.Midjourney, label: 'Midjourney Proxy' },
  { id: ChannelType.Azure, label: 'Azure OpenAI' },
  { id: ChannelType.Ollama, label: 'Ollama' },
  { id: ChannelType.MidjourneyPlus, label: 'Midjourney Proxy Plus' },
  { id: ChannelType.Custom, label: '自定义渠道' },
  { id: ChannelType.PaLM, label: 'Google PaLM2' },
  { id: ChannelType.Anthropic, label: 'Anthropic Claude' },
  { id: ChannelType.Baidu, label: '百度文心千帆' },
  { id: ChannelType.Zhipu, label: '智谱 ChatGLM' },
  { id: ChannelType.Ali, label: '阿里通义千问' },
  { id: ChannelType.Xunfei, label: '讯飞星火认知' },
  { id: ChannelType.AI360, label: '360 智脑' },
  { id: ChannelType.AIProxyLibrary, label: '知识库：AI Proxy' },
  { id: ChannelType.FastGPT, label: '知识库：FastGPT' },
  { id: ChannelType.Tencent, label: '腾讯混元' },
  { id: ChannelType.Gemini, label: 'Google Gemini' },
  { id: ChannelType.Moonshot, label: 'Moonshot' },
  { id: ChannelType.ZhipuV4, label: '智谱 GLM-4V' },
  { id: ChannelType.LingYiWanWu, label: '零一万物' },
  { id: ChannelType.Aws, label: 'AWS Claude' },
  { id: ChannelType.Cohere, label: 'Cohere' },
  { id: ChannelType.MiniMax, label: 'MiniMax' },
  { id: ChannelType.SunoAPI, label: 'Suno API' },
  { id: ChannelType.Dify, label: 'Dify' },
  { id: ChannelType.Jina, label: 'Jina' },
  { id: ChannelType.Cloudflare, label: 'Cloudflare' },
  { id: ChannelType.SiliconFlow, label: 'SiliconCloud' },
  { id: ChannelType.VertexAI, label: 'Vertex AI' },
  { id: ChannelType.Mistral, label: 'Mistral AI' },
  // The video providers (issue #42): their tasks are on the task list.
  { id: ChannelType.Kling, label: '可灵 Kling' },
  { id: ChannelType.Jimeng, label: '即梦 Jimeng' },
  { id: ChannelType.Vidu, label: 'Vidu' },
  { id: ChannelType.DoubaoVideo, label: '豆包视频 Doubao Video' },
  { id: ChannelType.Sora, label: 'Sora' },
];

export const typeLabel = (type: number): string | undefined => CHANNEL_TYPES.find((t) => t.id === type)?.label;

/** The key's format hint by type (spec, section 5); the rest take a plain key. */
const KEY_HINTS: Partial<Record<number, MessageKey>> = {
  [ChannelType.Baidu]: 'channel.keyHint.baidu',
  [ChannelType.Xunfei]: 'channel.keyHint.xunfei',
  [ChannelType.FastGPT]: 'channel.keyHint.fastgpt',
  [ChannelType.Tencent]: 'channel.keyHint.tencent',
  [ChannelType.Aws]: 'channel.keyHint.aws',
  [ChannelType.VertexAI]: 'channel.keyHint.vertex',
};
export const keyHint = (type: number): MessageKey => KEY_HINTS[type] ?? 'channel.keyHint.default';

/** The types whose `other` field means something, with its label: API version, model version, region, knowledge base. */
const OTHER_FIELDS: Partial<Record<number, { label: MessageKey; placeholder: MessageKey }>> = {
  [ChannelType.Azure]: { label: 'channel.other.azure', placeholder: 'channel.other.azureHint' },
  [ChannelType.Xunfei]: { label: 'channel.other.xunfei', placeholder: 'channel.other.xunfeiHint' },
  [ChannelType.AIProxyLibrary]: { label: 'channel.other.knowledge', placeholder: 'channel.other.knowledgeHint' },
  [ChannelType.Cloudflare]: { label: 'channel.other.cloudflare', placeholder: 'channel.other.cloudflareHint' },
  [ChannelType.VertexAI]: { label: 'channel.other.vertex', placeholder: 'channel.other.vertexHint' },
};
export const otherField = (type: number) => OTHER_FIELDS[type];
