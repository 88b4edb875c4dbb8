import { z } from 'zod';

/** The last second a ClickHouse DateTime holds (2106-02-07 06:28:15 UTC). */
export const MAX_EPOCH_SECOND = 4_294_967_295;

/**
 * A time bound as the queries bind it: `toDateTime({name:UInt32})`, never `{name:DateTime}`,
 * whose text form reads a number under 10000 as a malformed date rather than as seconds.
 */
export const epochSecond = z.number().int().min(0).max(MAX_EPOCH_SECOND);
