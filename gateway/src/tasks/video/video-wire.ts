import type { Options } from '../../ports/options.js';
import type { Task } from '../../ports/documents/task-store.js';
import type { AcceptedSubmit } from '../accepted-submit.js';
import { jsonOrNull } from '../../http/json-or-null.js';
import { taskRow } from '../task-rows.js';
import { resultUrl } from './result-url.js';

/** OpenAI's video statuses, from new-api's task statuses (its ToVideoStatus; not yet started reads as queued). */
function videoStatus(status: string): string {
  if (status === 'SUCCESS') return 'completed';
  if (status === 'FAILURE') return 'failed';
  if (status === 'IN_PROGRESS') return 'in_progress';
  return 'queued';
}

/** A task the provider accepted: recorded under its id, with the model kept in `description`. */
export function acceptedVideo(taskId: string, model: string, answer: unknown): AcceptedSubmit {
  const task = { taskId, code: 1, status: 'SUBMITTED', description: model, data: JSON.stringify(answer) };
  return { task, answer: { id: taskId, task_id: taskId, object: 'video', model, status: 'queued', progress: 0, created_at: Math.floor(Date.now() / 1000) } };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The task as OpenAI's video object (`GET /v1/videos/{id}`), with the seconds and size the provider reported. */
export function openAIVideo(task: Task, options: Options): Record<string, unknown> {
  const upstream = jsonOrNull(task.data) as Record<string, unknown> | null;
  const url = resultUrl(task, options);
  return {
    id: task.taskId, task_id: task.taskId, object: 'video', model: task.description, status: videoStatus(task.status),
    progress: Number.parseInt(task.progress, 10) || 0, created_at: seconds(task.submitTime),
    ...(task.finishTime ? { completed_at: seconds(task.finishTime) } : {}),
    ...(typeof upstream?.seconds === 'string' ? { seconds: upstream.seconds } : {}),
    ...(typeof upstream?.size === 'string' ? { size: upstream.size } : {}),
    ...(task.status === 'FAILURE' ? { error: { message: task.failReason, code: 'task_failed' } } : {}),
    ...(url ? { metadata: { url } } : {}),
  };
}

/** The task as new-api's `/v1/video/generations/{task_id}` answers it: its task row in the `success` envelope. */
export function videoGenerationAnswer(task: Task, options: Options): Record<string, unknown> {
  return { code: 'success', message: '', data: taskRow(task, options) };
}
