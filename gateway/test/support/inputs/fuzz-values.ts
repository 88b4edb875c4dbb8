import fc from 'fast-check';
import { PROTOTYPE_NAMES, prototypeKeyedJson } from './prototype-names.js';

/** JSON nested `depth` levels (arrays in objects), the shape that overflowed prompt counting. */
export function nestedValue(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { content: [value] };
  return value;
}

/** Numbers that break integer columns, page arithmetic, DateTime parsing and money sums. */
const oddNumber = fc.constantFrom(-1, 0, 1, 5, 9_999, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e21, 1e308, -1e308, 0.5, -0.000001, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);

/**
 * Names of the JSON-map options (ratios, groups, limits) and of a channel's mappings: as a field's
 * value they make the fuzz write a prototype-keyed map (below) where the gateway looks names up.
 */
const MAP_OPTION_NAMES = ['ModelRatio', 'CompletionRatio', 'ModelPrice', 'GroupRatio', 'UserUsableGroups', 'TopupGroupRatio', 'ModelRequestRateLimitGroup', 'CacheRatio', 'ModelMaxOutputTokens'];

/** A prototype name, or a JSON map's text keyed by every prototype name (issue #33: a `{}` keyed by these answers Object.prototype). */
export const prototypeString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(prototypeKeyedJson(), prototypeKeyedJson((name) => name), prototypeKeyedJson(() => [1, 1]), ...MAP_OPTION_NAMES) },
);

/** Strings that are long, empty, unicode, numeric-looking, path- or prototype-like. */
const oddString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', ' ', '0', '-1', '1e300', '99999999999999999999', 'NaN', 'true', 'null', '../../etc/passwd', '%00', '\u0000', '😀'.repeat(50), 'ǅ\u202e\ufeff', '<script>', "'; DROP TABLE users; --") },
  { weight: 3, arbitrary: prototypeString },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant('x'.repeat(100_000)) },
  // One huge word each: token counting was quadratic in a word's length (issue #33).
  { weight: 1, arbitrary: fc.constantFrom('q'.repeat(64_000), '网'.repeat(300_000), 'w'.repeat(1_000_000)) },
);

/** Arrays nested `depth` levels: with the body's own levels, up to the deepest JSON the parser accepts (MAX_JSON_DEPTH, 64). */
const deepArray = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 'deep');

/** A value of any JSON type, biased to the odd ones: null, wrong types, huge, negative, nested, unicode. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 3, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  { weight: 4, arbitrary: oddString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // An object whose own keys are the prototype names (JSON.parse makes `__proto__` an own key; JSON.stringify writes it back).
  { weight: 1, arbitrary: fc.constant(null).map(() => JSON.parse(prototypeKeyedJson(() => ({ polluted: true }))) as unknown) },
  { weight: 1, arbitrary: fc.constantFrom(10, 63, 64, 200).map(nestedValue) },
  { weight: 1, arbitrary: fc.constantFrom(28, 30, 31).map(nestedValue) },
  { weight: 1, arbitrary: fc.constantFrom(56, 60, 61, 62).map(deepArray) },
  { weight: 1, arbitrary: fc.array(fc.constant(null), { minLength: 1000, maxLength: 11_000 }) },
);

/** Mostly `valid`, now and then an odd value in its place: rare enough that whole bodies often stay valid and reach the upstream. */
export const mostly = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 15, arbitrary: valid }, { weight: 1, arbitrary: oddValue });

/** An object with `fields` (each mostly `valid[field]`, now and then odd), now and then one left out, plus stray keys. */
export function shapedObject(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const shaped = Object.fromEntries(Object.entries(fields).map(([key, arbitrary]) => [key, mostly(arbitrary)]));
  const leftOut = fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...Object.keys(fields)) });
  const stray = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(oddString, oddValue, { maxKeys: 2 }) });
  return fc.tuple(fc.record(shaped), leftOut, stray).map(([known, gone, extra]) => {
    const object: Record<string, unknown> = { ...extra, ...known };
    return Object.fromEntries(Object.entries(object).filter(([key]) => key !== gone));
  });
}

/** How a body goes out: as JSON, with a prototype-pollution key spliced in (JSON.stringify drops an own `__proto__`), or cut short. */
export type Twist = 'json' | 'proto' | 'constructor' | 'broken';
export const twist: fc.Arbitrary<Twist> = fc.oneof({ weight: 9, arbitrary: fc.constant('json' as const) }, { weight: 1, arbitrary: fc.constantFrom<Twist>('proto', 'constructor', 'broken') });

export function asText(value: unknown, how: Twist): string {
  const text = JSON.stringify(value) ?? 'null';
  if (how === 'broken') return text.slice(0, Math.max(1, text.length >> 1));
  if (!text.startsWith('{') || how === 'json') return text;
  const key = how === 'proto' ? '"__proto__":{"isAdmin":true}' : '"constructor":{"prototype":{"isAdmin":true}}';
  return text === '{}' ? `{${key}}` : `{${key},${text.slice(1)}`;
}

/** The body as the client sends it: mostly JSON, sometimes twisted. */
export const bodyText = (body: fc.Arbitrary<unknown>): fc.Arbitrary<string> => fc.tuple(body, twist).map(([value, how]) => asText(value, how));
