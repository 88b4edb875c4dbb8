import { z } from 'zod/mini';
import { nonNegativeInt } from '../shared/numbers.js';

/** Every user's calls, tokens and quota of one minute, as the rollup keeps them (GET /api/ops/'s history). */
export const trafficMinuteSchema = z.object({
  /** The minute's start, epoch seconds. */
  minute: nonNegativeInt(),
  calls: nonNegativeInt(),
  tokens: nonNegativeInt(),
  quota: z.int(),
});
export type TrafficMinute = z.infer<typeof trafficMinuteSchema>;

/** A minute of the `ops` push: the rollup's figures and the failed calls only the live board counts. */
export const minutePointSchema = z.extend(trafficMinuteSchema, { errors: nonNegativeInt() });
export type MinutePoint = z.infer<typeof minutePointSchema>;
