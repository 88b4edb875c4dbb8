import type { Channel } from '../../ports/channel-store.js';
import type { ProviderAdapter, Usage } from '../types.js';

interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface OpenAIChunk {
  usage?: OpenAIUsage | null;
  /** `delta.content` for chat completions, `text` for legacy completions. */
  choices?: { delta?: { content?: string | null }; text?: string }[];
}

function readUsage(value: unknown): Usage | null {
  const usage = (value as { usage?: OpenAIUsage | null } | null)?.usage;
  if (!usage || typeof usage.prompt_tokens !== 'number') return null;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0 };
}

/** The endpoint of an OpenAI-compatible channel: its base URL, or a default for the type. */
export function openAICompatible(id: string, defaultBaseUrl: string): ProviderAdapter {
  return {
    id,
    request(channel: Channel, path, body) {
      const base = new URL(channel.baseUrl || defaultBaseUrl);
      const prefix = base.pathname.replace(/\/+$/, '');
      const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` };
      if (channel.openaiOrganization) headers['openai-organization'] = channel.openaiOrganization;
      return { origin: base.origin, path: `${prefix}${path}`, headers, body: JSON.stringify(body) };
    },
    usageOfAnswer: readUsage,
    usageOfChunk: readUsage,
    textOfChunk: (chunk) => {
      const choice = (chunk as OpenAIChunk).choices?.[0];
      return choice?.delta?.content ?? choice?.text ?? '';
    },
  };
}

export const openai = openAICompatible('openai', 'https://api.openai.com');
