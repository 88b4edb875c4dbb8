import type { Channel } from '../../ports/documents/channel-store.js';
import type { Task, TaskProgress } from '../../ports/documents/task-store.js';
import type { UpstreamPools } from '../../relay/upstream/upstream-pool.js';
import type { VideoProvider, VideoState } from './video-provider.js';
import { videoProviderOf } from './video-providers.js';
import { jsonOrNull } from '../../http/json-or-null.js';

const POLL_TIMEOUT_MS = 20_000;
const WAITING = ['SUBMITTED', 'QUEUED'];

/** A poll's news as the task's fields: its start and finish stamped once, when first seen. */
function progressOf(task: Task, state: VideoState, kept: unknown, now: number): TaskProgress {
  const final = state.status === 'SUCCESS' || state.status === 'FAILURE';
  return {
    status: state.status, progress: state.status === 'SUCCESS' ? '100%' : state.progress || undefined, failReason: state.failReason, imageUrl: state.url || undefined, data: JSON.stringify(kept),
    startTime: (task.startTime || WAITING.includes(state.status)) ? undefined : now,
    finishTime: final && !task.finishTime ? now : undefined,
  };
}

/** Asks the channel about one task; null when it answered nothing readable (asked again next poll). */
async function stateOf(pools: UpstreamPools, channel: Channel, task: Task): Promise<TaskProgress | null> {
  const provider = videoProviderOf(task.platform);
  if (!provider) return null;
  const response = await pools.send(await provider.poll(channel, task), AbortSignal.timeout(POLL_TIMEOUT_MS));
  const answer = jsonOrNull(await response.body.text());
  if (response.statusCode >= 400) throw new Error(`video poll of channel ${channel.id} answered ${response.statusCode}`);
  const state = provider.state(answer);
  if (state?.status === 'SUCCESS' && !state.url && provider.resultFile) state.url = await fileUrl(pools, channel, provider.resultFile, answer);
  return state && progressOf(task, state, provider.kept ? provider.kept(answer) : answer, Date.now());
}

/** The finished file's URL, asked for separately; empty when the provider gave none (the task still succeeded). */
async function fileUrl(pools: UpstreamPools, channel: Channel, resultFile: NonNullable<VideoProvider['resultFile']>, answer: unknown): Promise<string> {
  const request = resultFile.request(channel, answer);
  if (!request) return '';
  const response = await pools.send(request, AbortSignal.timeout(POLL_TIMEOUT_MS));
  const text = await response.body.text();
  return response.statusCode < 400 ? resultFile.url(jsonOrNull(text)) : '';
}

/**
 * What the channel now says about each video task, one request per task (no provider lists by
 * ids). A task the channel cannot answer about (an id it has forgotten) does not keep the others
 * from news: its failure goes to `onError` and it is asked again next poll.
 */
export async function videoStates(pools: UpstreamPools, channel: Channel, tasks: Task[], onError: (error: unknown) => void): Promise<Map<string, TaskProgress>> {
  const states = new Map<string, TaskProgress>();
  for (const task of tasks) {
    const progress = await stateOf(pools, channel, task).catch((error: unknown) => void onError(error));
    if (progress) states.set(task.taskId, progress);
  }
  return states;
}
