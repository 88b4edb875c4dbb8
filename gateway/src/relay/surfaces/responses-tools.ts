import type { PriceQuote } from '../../billing/pricing.js';
import type { ToolCalls } from '../../providers/types.js';

/** Searches held per search tool a Responses request declares: OpenAI sets no bound on the calls a response may make. */
export const SEARCH_ALLOWANCE_PER_TOOL = 10;

/** A declared tool type and the priced tool it runs. */
const SEARCH_TOOLS: Readonly<Record<string, keyof ToolCalls>> = { web_search_preview: 'web_search_preview', web_search: 'web_search_preview', file_search: 'file_search' };

/**
 * The quote with the search calls the request's tools allow, so its hold covers the searches its
 * answer may report (billed per call, billing/tool-prices.ts) rather than cutting them off.
 */
export function withSearchAllowance(quote: PriceQuote, tools: unknown): PriceQuote {
  const allowance: ToolCalls = {};
  for (const tool of Array.isArray(tools) ? tools : []) {
    const type = (tool as { type?: unknown } | null)?.type;
    const priced = typeof type === 'string' && Object.hasOwn(SEARCH_TOOLS, type) ? SEARCH_TOOLS[type] : undefined;
    if (priced) allowance[priced] = (allowance[priced] ?? 0) + SEARCH_ALLOWANCE_PER_TOOL;
  }
  return Object.keys(allowance).length > 0 ? { ...quote, toolAllowance: allowance } : quote;
}
