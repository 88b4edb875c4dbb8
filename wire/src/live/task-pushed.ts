import { z } from 'zod/mini';

/**
 * The `task` push: a task's list row after the poller moved it, with its platform (`mj`, `suno`).
 * The row is the list's own (GET /api/mj, /api/task), which the console shows as it is.
 */
export const taskPushedSchema = z.object({ platform: z.string(), row: z.looseObject({ id: z.int() }) });
/** A row of the task lists: its id, and the list's own columns. */
export type TaskListRow = TaskPushed['row'];
export type TaskPushed = z.infer<typeof taskPushedSchema>;
