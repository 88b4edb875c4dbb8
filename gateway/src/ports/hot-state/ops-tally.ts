import { dict, entryOf, own } from '@tollgate/wire';
import { z } from 'zod';
import { type LatencyHistogram, mergeHistogram } from './latency-histogram.js';

/**
 * A JSON object keyed by names a client chose (models) or by ids, read into a null-prototype table.
 * Not z.record: it builds a plain `{}` and drops a `__proto__` key, so a model of that name would
 * vanish from the fleet's board; its entries are read as a Map instead.
 */
const table = <T extends z.ZodType>(value: T) =>
  z
    .preprocess((input) => (input !== null && typeof input === 'object' && !Array.isArray(input) ? new Map(Object.entries(input)) : input), z.map(z.string(), value))
    .transform((entries) => dict(entries));

const histogramSchema = table(z.number().int().nonnegative()).transform((h) => h as unknown as LatencyHistogram);

/** Calls of one channel or one model: counts, errors by HTTP status, latencies and tokens. */
export const breakdownSchema = z.object({
  calls: z.number().int().nonnegative(),
  /** Status -> failed calls. */
  errors: table(z.number().int().nonnegative()),
  tokens: z.number().int().nonnegative(),
  quota: z.number().int().nonnegative(),
  /** The whole answer's time. */
  latency: histogramSchema,
  /** Until the first chunk of a stream (streams only). */
  firstToken: histogramSchema,
});
export type Breakdown = z.infer<typeof breakdownSchema>;

/** A user's or an API token's spend. */
export const spenderSchema = z.object({ name: z.string(), quota: z.number().int().nonnegative(), calls: z.number().int().nonnegative() });
export type Spender = z.infer<typeof spenderSchema>;

/** What one gateway relayed in one stretch of time: the unit its reports carry and the board adds up. */
export const tallySchema = z.object({
  calls: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  quota: z.number().int().nonnegative(),
  /** Keyed by channel id ("0": refused before a channel was picked). */
  channels: table(breakdownSchema),
  /** Keyed by the model name the client sent: any text, `__proto__` and `constructor` included. */
  models: table(breakdownSchema),
  /** Keyed by user id. */
  users: table(spenderSchema),
  /** Keyed by API token id. */
  apiTokens: table(spenderSchema),
});
export type Tally = z.infer<typeof tallySchema>;

export const emptyTally = (): Tally => ({ calls: 0, errors: 0, tokens: 0, quota: 0, channels: dict(), models: dict(), users: dict(), apiTokens: dict() });
export const emptyBreakdown = (): Breakdown => ({ calls: 0, errors: dict(), tokens: 0, quota: 0, latency: dict() as LatencyHistogram, firstToken: dict() as LatencyHistogram });


function mergeBreakdown(into: Breakdown, from: Breakdown): void {
  into.calls += from.calls;
  into.tokens += from.tokens;
  into.quota += from.quota;
  for (const [status, count] of Object.entries(from.errors)) into.errors[status] = (own(into.errors, status) ?? 0) + count;
  mergeHistogram(into.latency, from.latency);
  mergeHistogram(into.firstToken, from.firstToken);
}

function mergeSpenders(into: Record<string, Spender>, from: Record<string, Spender>): void {
  for (const [id, spender] of Object.entries(from)) {
    const known = entryOf(into, id, () => ({ name: spender.name, quota: 0, calls: 0 }));
    known.name = spender.name;
    known.quota += spender.quota;
    known.calls += spender.calls;
  }
}

/** Adds `from` into `into` (counts add, histograms add bucket by bucket). */
export function mergeTally(into: Tally, from: Tally): Tally {
  into.calls += from.calls;
  into.errors += from.errors;
  into.tokens += from.tokens;
  into.quota += from.quota;
  for (const [key, breakdown] of Object.entries(from.channels)) mergeBreakdown(entryOf(into.channels, key, emptyBreakdown), breakdown);
  for (const [key, breakdown] of Object.entries(from.models)) mergeBreakdown(entryOf(into.models, key, emptyBreakdown), breakdown);
  mergeSpenders(into.users, from.users);
  mergeSpenders(into.apiTokens, from.apiTokens);
  return into;
}

function topOf(spenders: Record<string, Spender>, count: number): Record<string, Spender> {
  const entries = Object.entries(spenders);
  if (entries.length <= count) return spenders;
  return dict(entries.sort(([, a], [, b]) => b.quota - a.quota || b.calls - a.calls).slice(0, count));
}

/**
 * The tally with only its `count` biggest spenders of each kind, so a report stays small however
 * many users called. The board's top ten across gateways stays exact unless a spender is in the
 * fleet's top ten without being in any one gateway's top `count`.
 */
export function keepTopSpenders(tally: Tally, count: number): Tally {
  return { ...tally, users: topOf(tally.users, count), apiTokens: topOf(tally.apiTokens, count) };
}
