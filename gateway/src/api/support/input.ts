import { z } from 'zod';
import { ApiFailure } from '../../http/errors.js';
import { parseStrictInt, strictInt } from '../../http/strict-int.js';

/** new-api's answer to a body it cannot read. */
export const INVALID_PARAMS = '无效的参数';

/**
 * Parses a request part with its schema; a failure becomes `{ success: false, message }` with the
 * schema's own message (HTTP 200 as new-api answers, unless `status` says otherwise).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, status = 200): z.infer<S> {
  // A per-parse error map yields to messages set on the schema, so unnamed failures read as new-api's.
  const parsed = schema.safeParse(value ?? {}, { error: () => INVALID_PARAMS });
  if (parsed.success) return parsed.data;
  throw new ApiFailure(parsed.error.issues[0]?.message ?? INVALID_PARAMS, status);
}

/** Query integers as Go's strconv.Atoi-with-ignored-error reads them: anything unreadable (`0x2f` too) is absent. */
export const queryInt = z.preprocess(parseStrictInt, z.number().int().optional());

export const queryString = z.preprocess((value) => (typeof value === 'string' ? value.trim() : undefined), z.string().optional());

/** A positive id in the path. */
export const idParams = z.object({ id: strictInt(z.number({ message: INVALID_PARAMS }).int({ message: INVALID_PARAMS }).positive({ message: INVALID_PARAMS })) });

/** The number of UTF-8 bytes, which is what new-api's Go `len()` limits count. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
