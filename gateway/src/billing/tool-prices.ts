import { dict, parseJsonTable } from '@tollgate/wire';
import type { Options } from '../ports/options.js';
import type { PricedTool, ToolCalls } from '../providers/types.js';

/** $ per 1,000 calls of each tool, by model prefix: new-api's tool_price_setting defaults (`tool:prefix*` beats `tool`). */
const DEFAULT_TOOL_PRICES: Readonly<Record<string, number>> = {
  web_search_preview: 25,
  'web_search_preview:o3*': 10,
  'web_search_preview:o4*': 10,
  'web_search_preview:gpt-5*': 10,
  file_search: 2.5,
  web_search: 10,
  google_search: 35,
};

const TOOLS: readonly PricedTool[] = ['web_search_preview', 'file_search', 'web_search', 'google_search'];

export type ToolPrices = Readonly<Record<PricedTool, number>>;

interface PriceIndex {
  defaults: Map<string, number>;
  /** Per tool, its model prefixes, longest first. */
  prefixes: Map<string, Array<{ prefix: string; price: number }>>;
  byModel: Map<string, ToolPrices>;
}
/** Models whose prices are kept resolved; past it the map starts over (bounded whatever models clients name). */
const MAX_RESOLVED_MODELS = 1_000;

/** The option's prices over the defaults, indexed; `byModel` fills as models are priced (the one part that changes). */
function buildIndex(text: string): PriceIndex {
  const merged = { ...DEFAULT_TOOL_PRICES, ...(parseJsonTable(text) as Record<string, unknown>) };
  const built: PriceIndex = { defaults: new Map(), prefixes: new Map(), byModel: new Map() };
  for (const [key, price] of Object.entries(merged)) {
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) continue;
    const colon = key.indexOf(':');
    if (colon < 0) {
      built.defaults.set(key, price);
      continue;
    }
    const tool = key.slice(0, colon);
    built.prefixes.set(tool, [...(built.prefixes.get(tool) ?? []), { prefix: key.slice(colon + 1).replace(/\*$/, ''), price }]);
  }
  for (const entries of built.prefixes.values()) entries.sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
  return built;
}

function resolve(built: PriceIndex, tool: PricedTool, model: string): number {
  const byPrefix = built.prefixes.get(tool)?.find((entry) => model.startsWith(entry.prefix));
  return byPrefix?.price ?? built.defaults.get(tool) ?? 0;
}

/** Each priced tool's $ per 1,000 calls for a model: the longest matching `tool:prefix*`, else the tool's own price (tool_price_setting.prices over new-api's defaults). */
export function toolPricesFor(options: Options, model: string): ToolPrices {
  const index = options.parsed('tool_price_setting.prices', buildIndex);
  const known = index.byModel.get(model);
  if (known) return known;
  if (index.byModel.size >= MAX_RESOLVED_MODELS) index.byModel.clear();
  const prices = Object.fromEntries(TOOLS.map((tool) => [tool, resolve(index, tool, model)])) as ToolPrices;
  index.byModel.set(model, prices);
  return prices;
}

/** The tool calls' dollars: each call at its tool's price per 1,000. */
export function toolDollars(prices: ToolPrices | undefined, calls: ToolCalls | undefined): number {
  if (!prices || !calls) return 0;
  let dollars = 0;
  for (const tool of TOOLS) dollars += ((calls[tool] ?? 0) * prices[tool]) / 1_000;
  return dollars;
}

/** new-api's log fields of the tool calls: each tool's count and its price per 1,000. */
export function toolOther(prices: ToolPrices | undefined, calls: ToolCalls | undefined): Record<string, number> {
  const other: Record<string, number> = dict();
  if (!prices || !calls) return other;
  for (const tool of TOOLS) {
    const count = calls[tool] ?? 0;
    if (count > 0) Object.assign(other, { [`${tool}_call_count`]: count, [`${tool}_price`]: prices[tool] });
  }
  return other;
}
