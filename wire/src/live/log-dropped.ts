import { z } from 'zod/mini';

/**
 * The `log_dropped` push to the admins' live tails: rows this gateway served but did not push in
 * the last second, past its rate bound (gateway live/log-pusher.ts). The rows are in the log.
 */
export const logDroppedSchema = z.object({ rows: z.int().check(z.positive()) });
export type LogDropped = z.infer<typeof logDroppedSchema>;
