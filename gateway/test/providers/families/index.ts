import type { FamilyName } from '../provider-rows.js';
import { anthropicFamily } from './anthropic-family.js';
import { baiduFamily, dashScopeFamily, hunyuanFamily, palmFamily, zhipuV3Family } from './chinese-families.js';
import { bedrockFamily, vertexFamily } from './cloud-families.js';
import { geminiFamily } from './gemini-family.js';
import { aiProxyFamily, cohereFamily, difyFamily } from './knowledge-families.js';
import { openAIFamily } from './openai-family.js';
import { cloudflareFamily, minimaxFamily } from './openai-variants.js';
import type { WireFamily } from './wire-family.js';

/** One mock per wire protocol: every row of a family points its channel at the same one. */
export const FAMILIES: Record<FamilyName, WireFamily> = {
  openai: openAIFamily,
  cloudflare: cloudflareFamily,
  minimax: minimaxFamily,
  anthropic: anthropicFamily,
  gemini: geminiFamily,
  baidu: baiduFamily,
  'zhipu-v3': zhipuV3Family,
  dashscope: dashScopeFamily,
  hunyuan: hunyuanFamily,
  palm: palmFamily,
  cohere: cohereFamily,
  dify: difyFamily,
  aiproxy: aiProxyFamily,
  bedrock: bedrockFamily,
  vertex: vertexFamily,
};
