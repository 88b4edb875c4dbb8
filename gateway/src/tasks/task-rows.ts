import type { AsyncTaskRow, MjTaskRow, TaskPushed } from '@tollgate/wire';
import type { Options } from '../ports/options.js';
import { type Task, TaskPlatform, VideoPlatforms } from '../ports/documents/task-store.js';
import { resultUrl } from './video/result-url.js';
import { imageUrlOf, mjTaskDto } from './mj-wire.js';

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** A drawing as the /api/mj lists show it (new-api's Midjourney row). */
export function mjRow(task: Task, options: Options): MjTaskRow {
  const wire = mjTaskDto(task, options);
  return {
    id: task.id, code: task.code, user_id: task.userId, action: task.action, mj_id: task.taskId, prompt: task.prompt, prompt_en: task.promptEn,
    description: task.description, submit_time: task.submitTime, start_time: task.startTime, finish_time: task.finishTime, image_url: imageUrlOf(task, options),
    status: task.status, progress: task.progress, fail_reason: task.failReason, channel_id: task.channelId, quota: task.quota,
    buttons: wire.buttons ?? null, properties: wire.properties ?? null, created_at: Math.floor(task.submitTime / 1000),
  };
}

/** An asynchronous task as the /api/task lists show it (new-api's Task row; times in seconds); a video's with its result URL. */
export function taskRow(task: Task, options: Options): AsyncTaskRow {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const video = VideoPlatforms.includes(task.platform) ? { result_url: resultUrl(task, options) } : {};
  return {
    ...video,
    id: task.id, created_at: seconds(task.submitTime), task_id: task.taskId, platform: task.platform, user_id: task.userId, channel_id: task.channelId,
    quota: task.quota, action: task.action, status: task.status, fail_reason: task.failReason, submit_time: seconds(task.submitTime),
    start_time: seconds(task.startTime), finish_time: seconds(task.finishTime), progress: task.progress, data: parsed(task.data),
  };
}

/** The `task` push: the row of either list, by the task's platform (what the console's live updates carry). */
export function taskPushOf(task: Task, options: Options): TaskPushed {
  return task.platform === TaskPlatform.Midjourney ? { platform: task.platform, row: mjRow(task, options) } : { platform: task.platform, row: taskRow(task, options) };
}
