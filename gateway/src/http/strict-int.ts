import { z } from 'zod';

/** Decimal digits with an optional sign, as Go's strconv.Atoi reads them: no hex, no exponent, no blanks. */
const DECIMAL_INTEGER = /^[+-]?\d+$/;

/**
 * The integer an id, header or query value spells, or undefined. `Number()` would read `0x2f` as
 * 47, `1e3` as 1000 and `' 7 '` or `''` as numbers too: a header naming user 47 in hex would pass.
 */
export function parseStrictInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !DECIMAL_INTEGER.test(value)) return undefined;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) ? parsed : undefined;
}

/**
 * `schema` (a zod integer with its bounds and messages) over a value that may also be its decimal
 * text (path params, query strings, form fields), and nothing looser.
 */
export function strictInt<S extends z.ZodNumber>(schema: S) {
  return z.preprocess((value) => parseStrictInt(value) ?? value, schema);
}

/** A whole amount (quota, count) that cannot be negative; each refusal names `field`. */
export function nonNegativeInt(field: string, negative = `${field} 不能为负数`) {
  const notWhole = { message: `${field} 必须是整数` };
  return strictInt(z.number(notWhole).int(notWhole).min(0, { message: negative }));
}

/** Any whole number, refused by `field`'s name when it is not one. */
export function wholeNumber(field: string) {
  const notWhole = { message: `${field} 必须是整数` };
  return strictInt(z.number(notWhole).int(notWhole));
}
