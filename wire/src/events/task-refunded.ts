import { z } from 'zod/mini';
import { nonEmptyText, nonNegativeInt, positiveInt } from '../shared/numbers.js';
import { eventMetadataSchema } from './envelope.js';

/**
 * An asynchronous task (Midjourney, Suno) billed at submit failed upstream: its charge goes back
 * to the user, the token and the channel it was taken from (a system log row, type 4).
 */
export const taskRefundedSchema = z.object({
  type: z.literal('TaskRefunded'),
  data: z.object({
    /** The platform's task id (mj_id, Suno task id): one refund per task. */
    taskId: nonEmptyText(),
    userId: positiveInt(),
    username: z.string(),
    tokenId: nonNegativeInt(),
    channelId: nonNegativeInt(),
    quota: nonNegativeInt(),
    content: z.string(),
  }),
  metadata: eventMetadataSchema,
});
export type TaskRefunded = z.infer<typeof taskRefundedSchema>;
