import type { CaseName } from './matrix-cases.js';

/** The wire protocols the matrix has a mock for; providers of one family share its mock. */
export type FamilyName = 'openai' | 'anthropic' | 'gemini';

/** One provider of the matrix: its channel, the mock family it speaks, and the cases it cannot have (each with why). */
export interface ProviderRow {
  provider: string;
  channelType: number;
  family: FamilyName;
  /** The model the client asks for: unique to the row, so each row has its own channel. */
  model: string;
  key: string;
  other?: string;
  unsupported?: Partial<Record<CaseName, string>>;
}

/** OpenAI-protocol channel types served by the openAICompatible factory (their own default address, the same wire). */
const openAICompatibleRows: ProviderRow[] = [
  [4, 'ollama', 'llama3.1'],
  [6, 'openai-max', 'gpt-4o-openaimax'],
  [7, 'ohmygpt', 'gpt-4o-ohmygpt'],
  [9, 'ails', 'gpt-4o-ails'],
  [10, 'aiproxy', 'gpt-4o-aiproxy'],
  [12, 'api2gpt', 'gpt-4o-api2gpt'],
  [13, 'aigc2d', 'gpt-4o-aigc2d'],
  [20, 'openrouter', 'openrouter/auto'],
  [25, 'moonshot', 'moonshot-v1-8k'],
  [27, 'perplexity', 'sonar'],
  [31, 'lingyiwanwu', 'yi-large'],
  [40, 'siliconflow', 'Qwen/Qwen2.5-7B-Instruct'],
  [42, 'mistral', 'mistral-small-latest'],
  [43, 'deepseek', 'deepseek-chat'],
].map(([channelType, provider, model]) => ({ provider: String(provider), channelType: Number(channelType), family: 'openai' as const, model: String(model), key: `sk-${provider}` }));

/** The matrix's table: one row per channel type with an adapter. Adding a provider means adding one row. */
export const PROVIDER_ROWS: ProviderRow[] = [
  { provider: 'openai', channelType: 1, family: 'openai', model: 'gpt-4o-mini', key: 'sk-openai' },
  { provider: 'azure', channelType: 3, family: 'openai', model: 'gpt-4.1', key: 'azure-secret', other: '2024-10-21' },
  { provider: 'anthropic', channelType: 14, family: 'anthropic', model: 'claude-sonnet-4-5', key: 'sk-ant-secret' },
  { provider: 'gemini', channelType: 24, family: 'gemini', model: 'gemini-2.5-flash', key: 'AIza-secret' },
  { provider: 'ai360', channelType: 19, family: 'openai', model: '360gpt-pro', key: 'sk-360' },
  ...openAICompatibleRows,
];
