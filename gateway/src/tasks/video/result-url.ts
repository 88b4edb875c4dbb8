import type { Options } from '../../ports/options.js';
import type { Task } from '../../ports/documents/task-store.js';

/** Where a finished video is: the provider's URL, or this gateway's content route for one served behind its key (OpenAI's). */
export function resultUrl(task: Task, options: Options): string {
  if (task.status !== 'SUCCESS') return '';
  return task.imageUrl || `${options.string('ServerAddress').replace(/\/+$/, '')}/v1/videos/${encodeURIComponent(task.taskId)}/content`;
}
