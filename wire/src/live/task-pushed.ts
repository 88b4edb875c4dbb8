import { z } from 'zod/mini';
import { asyncTaskRowSchema, mjTaskRowSchema } from '../tasks/task-rows.js';

/**
 * The platforms of the `/task` list: Suno, and each video provider by its channel type as new-api
 * stores it (Kling 50, Jimeng 51, Vidu 52, Doubao 54, Sora 55, Hailuo 35, Gemini 24, Vertex 41).
 */
export const asyncTaskPlatforms = ['suno', '50', '51', '52', '54', '55', '35', '24', '41'] as const;

/** The `task` push: a task's list row after the poller moved it, by platform (`mj` drawings, the rest on the task list). */
export const taskPushedSchema = z.discriminatedUnion('platform', [
  z.object({ platform: z.literal('mj'), row: mjTaskRowSchema }),
  z.object({ platform: z.enum(asyncTaskPlatforms), row: asyncTaskRowSchema }),
]);
export type TaskPushed = z.infer<typeof taskPushedSchema>;
