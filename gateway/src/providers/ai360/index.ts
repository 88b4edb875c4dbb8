import { openAICompatible } from '../openai/index.js';

/** 360 AI (channel type 19): OpenAI's protocol at its own default base URL. */
export const ai360 = openAICompatible('ai360', 'https://ai.360.cn');
