import type { MessageKey } from '../../i18n/zh';

/** The spec's channel types (section 3); any other number shows as an unknown type. */
export const CHANNEL_TYPES: readonly { id: number; label: string }[] = [
  { id: 1, label: 'OpenAI' },
  { id: 2, label: 'Midjourney Proxy' },
  { id: 3, label: 'Azure OpenAI' },
  { id: 4, label: 'Ollama' },
  { id: 5, label: 'Midjourney Proxy Plus' },
  { id: 8, label: '自定义渠道' },
  { id: 11, label: 'Google PaLM2' },
  { id: 14, label: 'Anthropic Claude' },
  { id: 15, label: '百度文心千帆' },
  { id: 16, label: '智谱 ChatGLM' },
  { id: 17, label: '阿里通义千问' },
  { id: 18, label: '讯飞星火认知' },
  { id: 19, label: '360 智脑' },
  { id: 21, label: '知识库：AI Proxy' },
  { id: 22, label: '知识库：FastGPT' },
  { id: 23, label: '腾讯混元' },
  { id: 24, label: 'Google Gemini' },
  { id: 25, label: 'Moonshot' },
  { id: 26, label: '智谱 GLM-4V' },
  { id: 31, label: '零一万物' },
  { id: 33, label: 'AWS Claude' },
  { id: 34, label: 'Cohere' },
  { id: 35, label: 'MiniMax' },
  { id: 36, label: 'Suno API' },
  { id: 37, label: 'Dify' },
  { id: 38, label: 'Jina' },
  { id: 39, label: 'Cloudflare' },
  { id: 40, label: 'SiliconCloud' },
  { id: 41, label: 'Vertex AI' },
  { id: 42, label: 'Mistral AI' },
];

export const OPENAI = 1;
export const AZURE = 3;
export const XUNFEI = 18;
export const VERTEX = 41;

export const typeLabel = (type: number): string | undefined => CHANNEL_TYPES.find((t) => t.id === type)?.label;

/** The key's format hint by type (spec, section 5); the rest take a plain key. */
const KEY_HINTS: Partial<Record<number, MessageKey>> = {
  15: 'channel.keyHint.baidu',
  18: 'channel.keyHint.xunfei',
  22: 'channel.keyHint.fastgpt',
  23: 'channel.keyHint.tencent',
  33: 'channel.keyHint.aws',
  41: 'channel.keyHint.vertex',
};
export const keyHint = (type: number): MessageKey => KEY_HINTS[type] ?? 'channel.keyHint.default';

/** The types whose `other` field means something, with its label: API version, model version, region, knowledge base. */
const OTHER_FIELDS: Partial<Record<number, { label: MessageKey; placeholder: MessageKey }>> = {
  3: { label: 'channel.other.azure', placeholder: 'channel.other.azureHint' },
  18: { label: 'channel.other.xunfei', placeholder: 'channel.other.xunfeiHint' },
  21: { label: 'channel.other.knowledge', placeholder: 'channel.other.knowledgeHint' },
  39: { label: 'channel.other.cloudflare', placeholder: 'channel.other.cloudflareHint' },
  41: { label: 'channel.other.vertex', placeholder: 'channel.other.vertexHint' },
};
export const otherField = (type: number) => OTHER_FIELDS[type];
