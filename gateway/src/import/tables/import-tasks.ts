import { type Task, TaskPlatform } from '../../ports/documents/task-store.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import type { ImportContext } from '../import-context.js';
import { type Mapped, importDocuments } from './import-documents.js';
import { type SourceMidjourney, type SourceTask, sourceMidjourney, sourceTask } from '../sources/new-api-rows.js';

/** new-api's `tasks` rows count seconds; Tollgate's tasks, like the Midjourney proxy, milliseconds. */
const ms = (seconds: number) => seconds * 1000;

function fromMidjourney(row: SourceMidjourney): Mapped<Task> {
  if (!row.mj_id) return { skip: 'no Midjourney id' };
  const data = JSON.stringify({ state: row.state, buttons: row.buttons, properties: row.properties, videoUrl: row.video_url });
  const task: Task = {
    id: row.id, platform: TaskPlatform.Midjourney, taskId: row.mj_id, userId: row.user_id, tokenId: 0, channelId: row.channel_id,
    action: row.action, code: row.code, status: row.status, progress: row.progress, prompt: row.prompt, promptEn: row.prompt_en,
    description: row.description, imageUrl: row.image_url, failReason: row.fail_reason, quota: row.quota, data,
    submitTime: row.submit_time, startTime: row.start_time, finishTime: row.finish_time,
  };
  return { doc: task, openings: [] };
}

function fromTask(row: SourceTask): Mapped<Task> {
  if (row.platform !== TaskPlatform.Suno) return { skip: `platform ${row.platform || '(none)'}: Tollgate relays Suno tasks only` };
  const task: Task = {
    id: row.id, platform: TaskPlatform.Suno, taskId: row.task_id, userId: row.user_id, tokenId: 0, channelId: row.channel_id,
    action: row.action, code: 0, status: row.status, progress: row.progress, prompt: '', promptEn: '', description: '', imageUrl: '',
    failReason: row.fail_reason, quota: row.quota, data: row.data || '{}',
    submitTime: ms(row.submit_time), startTime: ms(row.start_time), finishTime: ms(row.finish_time),
  };
  return { doc: task, openings: [] };
}

/**
 * Midjourney drawings and Suno tasks, as history (their charges are in the balances already).
 * Both tables number from 1, so tasks take new Tollgate ids and are known again by their upstream id.
 */
export async function importTasks(context: ImportContext): Promise<void> {
  const { tasks } = context.targets.documents;
  const known = (task: Task) => firstConflict([[async () => (await tasks.byTaskId(task.platform, task.taskId)) !== null, ALREADY_IN_TOLLGATE]]);
  const write = async ({ id: _sourceId, ...task }: Task) => {
    await tasks.create(task);
    return true;
  };
  await importDocuments<SourceMidjourney, Task>(context, { table: 'midjourneys', kind: 'Midjourney tasks', row: sourceMidjourney, map: fromMidjourney, conflict: known, write });
  await importDocuments<SourceTask, Task>(context, { table: 'tasks', kind: 'tasks', row: sourceTask, map: fromTask, conflict: known, write });
}
