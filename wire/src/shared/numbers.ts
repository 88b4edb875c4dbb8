import { z } from 'zod/mini';

// zod/mini, not zod: the console parses these schemas in the browser, and mini's functions tree-shake.

/** A whole number, 0 or more (counts, ids where 0 means "none", seconds). */
export const nonNegativeInt = () => z.int().check(z.nonnegative());
/** A whole number above 0 (ids of things that exist). */
export const positiveInt = () => z.int().check(z.positive());
/** Text with at least one character (ids made by a producer). */
export const nonEmptyText = () => z.string().check(z.minLength(1));
