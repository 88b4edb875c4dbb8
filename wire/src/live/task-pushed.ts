import { z } from 'zod/mini';
import { asyncTaskRowSchema, mjTaskRowSchema } from '../tasks/task-rows.js';

/** The `task` push: a task's list row after the poller moved it, by platform (`mj` drawings, `suno` songs). */
export const taskPushedSchema = z.discriminatedUnion('platform', [
  z.object({ platform: z.literal('mj'), row: mjTaskRowSchema }),
  z.object({ platform: z.literal('suno'), row: asyncTaskRowSchema }),
]);
export type TaskPushed = z.infer<typeof taskPushedSchema>;
