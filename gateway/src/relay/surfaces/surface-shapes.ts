import { z } from 'zod';
import { listOf } from '../../providers/shared/chat-input.js';

/**
 * The parts of Claude's and Gemini's request bodies that the relay reads (prompt counting, the
 * translation to an OpenAI channel), so a wrong type is the client's 400 naming the field rather
 * than a failure inside the translation. Everything else passes through to the upstream as sent.
 */

const claudeInnerBlock = z.looseObject({ type: z.string().optional(), text: z.string().optional() });
const claudeBlock = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  source: z.looseObject({ type: z.string().optional(), media_type: z.string().optional(), data: z.string().optional(), url: z.string().optional() }).optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), listOf(claudeInnerBlock)]).optional(),
});
const claudeContent = z.union([z.string(), listOf(claudeBlock)]);

export const claudeMessageShape = z.looseObject({ role: z.string(), content: claudeContent });

export const claudeBodyShape = {
  messages: listOf(claudeMessageShape).min(1),
  system: claudeContent.optional(),
  tools: listOf(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
  stop_sequences: listOf(z.string()).optional(),
};

const geminiPart = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string().optional(), data: z.string().optional() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string().optional() }).optional(),
  functionCall: z.looseObject({ name: z.string().optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string().optional() }).optional(),
});
const geminiContent = z.looseObject({ role: z.string().optional(), parts: listOf(geminiPart).optional() });

export const geminiBodyShape = {
  contents: listOf(geminiContent).optional(),
  systemInstruction: geminiContent.optional(),
  generationConfig: z
    .looseObject({
      maxOutputTokens: z.number().int().nonnegative().optional(),
      temperature: z.number().optional(),
      topP: z.number().optional(),
      stopSequences: listOf(z.string()).optional(),
    })
    .optional(),
  tools: listOf(z.looseObject({ functionDeclarations: listOf(z.looseObject({ name: z.string() })).optional() })).optional(),
};
