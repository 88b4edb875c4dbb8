import type { ProviderMock } from '../../mock-upstream/provider-mock.js';
import type { FamilyName } from '../provider-rows.js';
import { anthropicFamily } from './anthropic-family.js';
import { baiduFamily, dashScopeFamily, hunyuanFamily, palmFamily, zhipuV3Family } from './chinese-families.js';
import { bedrockFamily, vertexFamily } from './cloud-families.js';
import { geminiFamily } from './gemini-family.js';
import { aiProxyFamily, cohereFamily, difyFamily } from './knowledge-families.js';
import { openAIFamily } from './openai-family.js';
import { cloudflareFamily, glmFamily, minimaxFamily } from './openai-variants.js';
import { startFamilyMock, type WireFamily } from './wire-family.js';
import { startXunfeiFamilyMock } from './xunfei-family.js';

/** How one family's mock starts, and whether its provider sends failures as HTTP 200 with a code in the body. */
export interface FamilyMock {
  start(): Promise<ProviderMock>;
  bodyCodedErrors: boolean;
}

const http = (family: WireFamily): FamilyMock => ({ start: () => startFamilyMock(family), bodyCodedErrors: Boolean(family.errorStatus) });

/** One mock per wire protocol: every row of a family points its channel at the same one. */
export const FAMILIES: Record<FamilyName, FamilyMock> = {
  openai: http(openAIFamily),
  cloudflare: http(cloudflareFamily),
  minimax: http(minimaxFamily),
  glm: http(glmFamily),
  anthropic: http(anthropicFamily),
  gemini: http(geminiFamily),
  baidu: http(baiduFamily),
  'zhipu-v3': http(zhipuV3Family),
  dashscope: http(dashScopeFamily),
  hunyuan: http(hunyuanFamily),
  palm: http(palmFamily),
  cohere: http(cohereFamily),
  dify: http(difyFamily),
  aiproxy: http(aiProxyFamily),
  bedrock: http(bedrockFamily),
  vertex: http(vertexFamily),
  xunfei: { start: startXunfeiFamilyMock, bodyCodedErrors: true },
};
