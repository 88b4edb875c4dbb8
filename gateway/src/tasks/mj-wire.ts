import { z } from 'zod';
import type { Options } from '../ports/options.js';
import type { Task } from '../ports/documents/task-store.js';
import type { AcceptedSubmit } from './accepted-submit.js';
import { MjAction } from './mj-actions.js';

/** A proxy's submit answer: 1 submitted, 21 waiting (task exists / modal), 22 queued; anything else refused. */
const submitAnswer = z.looseObject({
  code: z.number(),
  description: z.string().optional(),
  result: z.union([z.string(), z.number()]).optional(),
  properties: z.looseObject({ status: z.string().optional() }).optional(),
});

export const MjSubmitCode = { Submitted: 1, Waiting: 21, Queued: 22 } as const;
const ACCEPTED_CODES: readonly number[] = Object.values(MjSubmitCode);

/** The proxy's task object as fetch and list-by-condition return it. */
export const mjTaskAnswer = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  progress: z.string().optional(),
  promptEn: z.string().optional(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  failReason: z.string().optional(),
  startTime: z.number().optional(),
  finishTime: z.number().optional(),
});

/** Only a modal-opening action keeps its "waiting" 21; otherwise the client is told 1 (submitted), as new-api does. */
const keepsWaitingCode = (action: string) => action === MjAction.Inpaint || action === MjAction.CustomZoom;

export function acceptMjSubmit(action: string) {
  return (answer: unknown): AcceptedSubmit | null => {
    const parsed = submitAnswer.safeParse(answer);
    if (!parsed.success || !ACCEPTED_CODES.includes(parsed.data.code) || parsed.data.result === undefined || parsed.data.result === '') return null;
    const { code, description = '', properties } = parsed.data;
    const status = code === MjSubmitCode.Waiting ? (properties?.status ?? 'SUBMITTED') : code === MjSubmitCode.Queued ? 'SUBMITTED' : 'NOT_START';
    const clientCode = code === MjSubmitCode.Waiting && !keepsWaitingCode(action) ? MjSubmitCode.Submitted : code;
    return { task: { taskId: String(parsed.data.result), code, status, description }, answer: { ...parsed.data, code: clientCode } };
  };
}

/** Where clients load a task's image: through this server when MjForwardUrlEnabled, else the upstream's URL. */
export function imageUrlOf(task: Task, options: Options): string {
  const server = options.string('ServerAddress').replace(/\/+$/, '');
  return task.imageUrl && options.boolean('MjForwardUrlEnabled') && server ? `${server}/mj/image/${task.taskId}` : task.imageUrl;
}

function storedAnswer(task: Task): Record<string, unknown> {
  try {
    return JSON.parse(task.data) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The task as a Midjourney client reads it (the proxy's shape, with what this gateway stored). */
export function mjTaskDto(task: Task, options: Options): Record<string, unknown> {
  return {
    ...storedAnswer(task),
    id: task.taskId, action: task.action, prompt: task.prompt, promptEn: task.promptEn, description: task.description,
    submitTime: task.submitTime, startTime: task.startTime, finishTime: task.finishTime, imageUrl: imageUrlOf(task, options),
    status: task.status, progress: task.progress, failReason: task.failReason,
  };
}
