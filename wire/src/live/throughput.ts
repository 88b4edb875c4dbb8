import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** The `throughput` (a user's own) and `throughput_all` (everyone's, to admins) pushes: the last 60 seconds. */
export const throughputSchema = z.object({ rpm: nonNegativeInt(), tpm: nonNegativeInt() });
export type Throughput = z.infer<typeof throughputSchema>;
