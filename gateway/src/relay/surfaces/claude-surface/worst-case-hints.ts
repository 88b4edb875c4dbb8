import type { ToolCalls } from '../../../providers/types.js';
import type { ClaudeBody } from './claude-body.js';

const hourLong = (block: unknown): boolean => {
  const control = (block as { cache_control?: { ttl?: unknown } } | null)?.cache_control;
  return control?.ttl === '1h';
};

const blocksOf = (content: unknown): unknown[] => (Array.isArray(content) ? content : []);

/**
 * Whether the request asks Anthropic to keep a cache write an hour (`cache_control.ttl: "1h"` on a
 * tool, a system block or a message block): only then can its usage report hour-long writes, which
 * cost 1.6 times a five-minute one, so only then does its hold count them.
 */
export function asksHourLongCache(body: ClaudeBody): boolean {
  const tools = blocksOf(body.tools);
  const system = blocksOf(body.system);
  const messageBlocks = blocksOf(body.messages).flatMap((message) => blocksOf((message as { content?: unknown } | null)?.content));
  return [...tools, ...system, ...messageBlocks].some(hourLong);
}

/** Searches held for a web search tool that sets no `max_uses` (Anthropic runs as many as the model asks). */
export const UNBOUNDED_SEARCH_ALLOWANCE = 10;

/**
 * The web searches the request lets Claude run (its `web_search_*` server tools' `max_uses`, else
 * UNBOUNDED_SEARCH_ALLOWANCE): the hold covers them at their price, so the searches an answer
 * reports are billed, not cut off at a hold that never counted them.
 */
export function searchAllowance(body: ClaudeBody): ToolCalls | null {
  let searches = 0;
  for (const tool of blocksOf(body.tools)) {
    const declared = tool as { type?: unknown; max_uses?: unknown } | null;
    if (typeof declared?.type !== 'string' || !declared.type.startsWith('web_search')) continue;
    searches += typeof declared.max_uses === 'number' && Number.isInteger(declared.max_uses) && declared.max_uses >= 0 ? declared.max_uses : UNBOUNDED_SEARCH_ALLOWANCE;
  }
  return searches > 0 ? { web_search: searches } : null;
}
