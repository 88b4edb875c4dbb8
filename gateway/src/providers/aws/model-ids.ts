import { dict } from '@tollgate/wire';
/** Bedrock's ids for Anthropic's model names (as new-api maps them); an unknown name is sent as is (a Bedrock id or an inference profile). */
const BEDROCK_MODEL_IDS: Record<string, string> = dict({
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-3-7-sonnet-20250219': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'claude-sonnet-4-20250514': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'claude-opus-4-20250514': 'anthropic.claude-opus-4-20250514-v1:0',
});

export const bedrockModelId = (model: string): string => BEDROCK_MODEL_IDS[model] ?? model;

/** The Anthropic names Bedrock is known to serve. */
export const bedrockClaudeModels = Object.keys(BEDROCK_MODEL_IDS);
