import { z } from 'zod';
import type { Task } from '../ports/documents/task-store.js';
import type { AcceptedSubmit } from './accepted-submit.js';

/** The Suno actions a client may submit (the path's last segment, in lower case). */
export const SunoAction = { Music: 'MUSIC', Lyrics: 'LYRICS' } as const;

const submitAnswer = z.looseObject({ code: z.string(), message: z.string().optional(), data: z.string().min(1) });

/** The Suno API's task object, as its fetch returns it (times in seconds). */
export const sunoTaskAnswer = z.looseObject({
  task_id: z.string(),
  status: z.string().optional(),
  progress: z.string().optional(),
  fail_reason: z.string().optional(),
  start_time: z.number().optional(),
  finish_time: z.number().optional(),
  data: z.unknown().optional(),
});

/** Accepted when the API answers `{code: "success", data: <task id>}`. */
export function acceptSunoSubmit(answer: unknown): AcceptedSubmit | null {
  const parsed = submitAnswer.safeParse(answer);
  if (!parsed.success || parsed.data.code !== 'success') return null;
  return { task: { taskId: parsed.data.data, code: 1, status: 'SUBMITTED', description: '' }, answer: parsed.data };
}

function storedData(task: Task): unknown {
  try {
    return JSON.parse(task.data) as unknown;
  } catch {
    return null;
  }
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A task as a Suno client reads it back. */
export function sunoTaskDto(task: Task): Record<string, unknown> {
  return {
    task_id: task.taskId, action: task.action, status: task.status, fail_reason: task.failReason, submit_time: seconds(task.submitTime),
    start_time: seconds(task.startTime), finish_time: seconds(task.finishTime), progress: task.progress, data: storedData(task),
  };
}

export const sunoEnvelope = (data: unknown) => ({ code: 'success', message: '', data });
