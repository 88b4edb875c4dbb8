import type { FamilyName } from '../provider-rows.js';
import { anthropicFamily } from './anthropic-family.js';
import { geminiFamily } from './gemini-family.js';
import { openAIFamily } from './openai-family.js';
import type { WireFamily } from './wire-family.js';

/** One mock per wire protocol: every row of a family points its channel at the same one. */
export const FAMILIES: Record<FamilyName, WireFamily> = {
  openai: openAIFamily,
  anthropic: anthropicFamily,
  gemini: geminiFamily,
};
