import { z } from 'zod';
import type { Channel } from '../ports/channel-store.js';
import { type Task, TaskPlatform, type TaskProgress } from '../ports/task-store.js';
import type { UpstreamRequest } from '../providers/types.js';
import type { UpstreamPools } from '../relay/upstream-pool.js';
import { mjTaskAnswer } from './mj-wire.js';
import { sunoTaskAnswer } from './suno-wire.js';
import { parseJson, platformOf, taskUpstream } from './task-upstream.js';

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

/** How each platform is asked about several tasks at once, and how its answer reads. */
const PLATFORM_QUERIES = {
  [TaskPlatform.Midjourney]: {
    path: '/mj/task/list-by-condition',
    items: (answer: unknown) => z.array(mjTaskAnswer).catch([]).parse(answer).map((raw) => [raw.id, mjProgress(raw)] as const),
  },
  [TaskPlatform.Suno]: {
    path: '/suno/fetch',
    items: (answer: unknown) => z.object({ data: z.array(sunoTaskAnswer) }).catch({ data: [] }).parse(answer).data.map((raw) => [raw.task_id, sunoProgress(raw)] as const),
  },
};

/** What the channel now says about `tasks` (all of one platform), by upstream task id; unknown ids are absent. */
export async function upstreamStates(pools: UpstreamPools, platform: TaskPlatform, channel: Channel, tasks: Task[]): Promise<Map<string, TaskProgress>> {
  const query = PLATFORM_QUERIES[platform];
  const response = await pools.send(taskUpstream(platform, channel, query.path, { ids: tasks.map((t) => t.taskId) }), AbortSignal.timeout(POLL_TIMEOUT_MS));
  const text = await response.body.text();
  if (response.statusCode >= 400) throw new Error(`task poll of channel ${channel.id} answered ${response.statusCode}`);
  return new Map(query.items(parseJson(text)));
}

/**
 * The smallest call that proves a task channel's address and key: the platform's list query for
 * no tasks (a Midjourney proxy answers [], a Suno API an empty data), or null for a channel of models.
 */
export function taskChannelProbe(channel: Channel): UpstreamRequest | null {
  const platform = platformOf(channel);
  return platform ? taskUpstream(platform, channel, PLATFORM_QUERIES[platform].path, { ids: [] }) : null;
}
