import { AsyncTaskPlatforms, type Task, TaskPlatform } from '../../ports/documents/task-store.js';
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

/**
 * new-api's `tasks.platform`: the channel type as a string (its GetTaskPlatform), or, since its
 * task plugins, the plugin's key; Suno's is `suno` (plugin `sunoapi`). Video types Tollgate serves
 * only through a dedicated channel (OpenAI, VolcEngine, NewAPI) fold into the provider they speak.
 */
const PLATFORMS = new Map<string, TaskPlatform>([
  ['suno', TaskPlatform.Suno], ['sunoapi', TaskPlatform.Suno],
  ...AsyncTaskPlatforms.map((platform) => [platform, platform] as const),
  ['kling', TaskPlatform.Kling], ['jimeng', TaskPlatform.Jimeng], ['vidu', TaskPlatform.Vidu], ['doubao', TaskPlatform.DoubaoVideo], ['45', TaskPlatform.DoubaoVideo],
  ['sora', TaskPlatform.Sora], ['1', TaskPlatform.Sora], ['60', TaskPlatform.Sora], ['hailuo', TaskPlatform.Hailuo], ['google', TaskPlatform.Gemini], ['vertex-ai', TaskPlatform.Vertex],
]);

/** The model a video task was billed under (new-api keeps it in the row's properties), kept where Tollgate keeps it. */
function modelOf(row: SourceTask): string {
  try {
    const properties = JSON.parse(row.properties || '{}') as { origin_model_name?: unknown };
    return typeof properties.origin_model_name === 'string' ? properties.origin_model_name : '';
  } catch {
    return '';
  }
}

/** A finished video's URL: new-api wrote it into fail_reason before it had a field for it. */
const resultUrlOf = (row: SourceTask) => (row.status === 'SUCCESS' && /^https?:\/\//.test(row.fail_reason) ? row.fail_reason : '');

function fromTask(row: SourceTask): Mapped<Task> {
  const platform = PLATFORMS.get(row.platform);
  if (!platform) return { skip: `platform ${row.platform || '(none)'}: Tollgate relays Suno and video tasks only` };
  const video = platform !== TaskPlatform.Suno;
  const imageUrl = video ? resultUrlOf(row) : '';
  const task: Task = {
    id: row.id, platform, taskId: row.task_id, userId: row.user_id, tokenId: 0, channelId: row.channel_id,
    action: row.action, code: 0, status: row.status, progress: row.progress, prompt: '', promptEn: '', description: video ? modelOf(row) : '', imageUrl,
    failReason: imageUrl ? '' : row.fail_reason, quota: row.quota, data: row.data || '{}',
    submitTime: ms(row.submit_time), startTime: ms(row.start_time), finishTime: ms(row.finish_time),
  };
  return { doc: task, openings: [] };
}

/**
 * Midjourney drawings, Suno and video tasks, as history (their charges are in the balances already).
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
