import { dict } from '@tollgate/wire';
import { holdsLargeString, jsonBytesInTurns } from '../../http/json-in-turns.js';
import { baseOf } from '../shared/base-url.js';
import { openAIChunkText } from '../shared/completion-text.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { ProviderAdapter, UpstreamRequest, UpstreamTarget, Usage } from '../types.js';

interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number; image_tokens?: number } | null;
  completion_tokens_details?: { audio_tokens?: number } | null;
}

function readUsage(value: unknown): Usage | null {
  const usage = (value as { usage?: OpenAIUsage | null } | null)?.usage;
  if (!usage || typeof usage.prompt_tokens !== 'number') return null;
  const special = {
    cachedPromptTokens: usage.prompt_tokens_details?.cached_tokens,
    audioPromptTokens: usage.prompt_tokens_details?.audio_tokens,
    imagePromptTokens: usage.prompt_tokens_details?.image_tokens,
    audioCompletionTokens: usage.completion_tokens_details?.audio_tokens,
  };
  const reported = Object.fromEntries(Object.entries(special).filter(([, count]) => typeof count === 'number' && count > 0));
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens ?? 0, ...reported };
}

/** A JSON request to a target; a body holding a very long string (a 10 MB prompt) is written over many turns of the event loop. */
export function jsonRequest(target: UpstreamTarget, body: Record<string, unknown>): UpstreamRequest | Promise<UpstreamRequest> {
  const headers = { ...target.headers, 'content-type': 'application/json' };
  if (holdsLargeString(body)) return jsonBytesInTurns(body).then((bytes) => ({ ...target, headers, body: bytes }));
  return { ...target, headers, body: JSON.stringify(body) };
}

/** Where `path` goes on a channel with Bearer auth: under its base URL, or a default for the type. */
export const bearerTarget =
  (defaultBaseUrl: string) =>
  (channel: Channel, path: string): UpstreamTarget => {
    const { origin, prefix } = baseOf(channel.baseUrl, defaultBaseUrl);
    const headers: Record<string, string> = dict({ authorization: `Bearer ${channel.key}` });
    if (channel.openaiOrganization) headers['openai-organization'] = channel.openaiOrganization;
    return { origin, path: `${prefix}${path}`, headers };
  };

/** The endpoint of an OpenAI-compatible channel: its base URL, or a default for the type. */
export function openAICompatible(id: string, defaultBaseUrl: string): ProviderAdapter {
  const openAITarget = bearerTarget(defaultBaseUrl);
  return {
    id,
    request: (channel, path, body) => jsonRequest(openAITarget(channel, path), body),
    openAITarget,
    usageOfAnswer: readUsage,
    usageOfChunk: readUsage,
    textOfChunk: openAIChunkText,
  };
}

export const openai = openAICompatible('openai', 'https://api.openai.com');
