import { z } from 'zod';
import type { Channel } from '../ports/documents/channel-store.js';
import { type Task, TaskPlatform, type TaskProgress } from '../ports/documents/task-store.js';
import type { UpstreamPools } from '../relay/upstream/upstream-pool.js';
import { mjTaskAnswer } from './mj-wire.js';
import { sunoTaskAnswer } from './suno-wire.js';
import { isProxyPlatform, TASK_LIST_PATHS, taskUpstream } from './task-upstream.js';
import { videoStates } from './video/video-states.js';
import { jsonOrNull } from '../http/json-or-null.js';

const POLL_TIMEOUT_MS = 20_000;

function mjProgress(raw: z.infer<typeof mjTaskAnswer>): TaskProgress {
  return {
    status: raw.status, progress: raw.progress, promptEn: raw.promptEn, description: raw.description, imageUrl: raw.imageUrl,
    failReason: raw.failReason, startTime: raw.startTime, finishTime: raw.finishTime, data: JSON.stringify(raw),
  };
}

const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

function sunoProgress(raw: z.infer<typeof sunoTaskAnswer>): TaskProgress {
  return { status: raw.status, progress: raw.progress, failReason: raw.fail_reason, startTime: ms(raw.start_time), finishTime: ms(raw.finish_time), data: JSON.stringify(raw.data ?? null) };
}

/** How each platform's answer to a list query reads, as (upstream task id, progress) pairs. */
const LISTED_TASKS = {
  [TaskPlatform.Midjourney]: (answer: unknown) => z.array(mjTaskAnswer).catch([]).parse(answer).map((raw) => [raw.id, mjProgress(raw)] as const),
  [TaskPlatform.Suno]: (answer: unknown) => z.object({ data: z.array(sunoTaskAnswer) }).catch({ data: [] }).parse(answer).data.map((raw) => [raw.task_id, sunoProgress(raw)] as const),
};

/**
 * What the channel now says about `tasks` (all of one platform), by upstream task id; unknown ids
 * are absent. A proxy's list query fails as a whole; a video task's own query alone, to `onError`.
 */
export async function upstreamStates(pools: UpstreamPools, platform: TaskPlatform, channel: Channel, tasks: Task[], onError: (error: unknown) => void): Promise<Map<string, TaskProgress>> {
  if (!isProxyPlatform(platform)) return videoStates(pools, channel, tasks, onError);
  const response = await pools.send(taskUpstream(platform, channel, TASK_LIST_PATHS[platform], { ids: tasks.map((t) => t.taskId) }), AbortSignal.timeout(POLL_TIMEOUT_MS));
  const text = await response.body.text();
  if (response.statusCode >= 400) throw new Error(`task poll of channel ${channel.id} answered ${response.statusCode}`);
  return new Map(LISTED_TASKS[platform](jsonOrNull(text)));
}
