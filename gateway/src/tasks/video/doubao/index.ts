import { dict } from '@tollgate/wire';
import { z } from 'zod';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import type { VideoRequest } from '../video-request.js';

const DEFAULT_BASE_URL = 'https://ark.cn-beijing.volces.com';
const TASKS_PATH = '/api/v3/contents/generations/tasks';

/** Ark's content-generation task, as its query answers it. */
const arkTask = z.looseObject({
  id: z.string(),
  status: z.string().optional(),
  content: z.looseObject({ video_url: z.string().optional() }).nullish(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
});

const STATUSES: Record<string, VideoStatus> = dict({ queued: 'QUEUED', running: 'IN_PROGRESS', succeeded: 'SUCCESS', failed: 'FAILURE', cancelled: 'FAILURE', expired: 'FAILURE' });

function target(channel: Channel, path: string): Omit<UpstreamRequest, 'body'> {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}${path}`, headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${channel.key}` } };
}

/** Ark's `content` list: the prompt as text, each image as an image_url (the first a first frame); `metadata` adds Ark's own fields. */
function arkBody(request: VideoRequest, model: string): Record<string, unknown> {
  const images = [...(request.image ? [request.image] : []), ...(request.images ?? [])];
  const content = [{ type: 'text', text: request.prompt }, ...images.map((url) => ({ type: 'image_url', image_url: { url } }))];
  const seconds = request.duration ?? (Number(request.seconds) || undefined);
  return { model, content, ...(seconds ? { duration: seconds } : {}), ...request.metadata };
}

/** Doubao's Seedance on Volcengine Ark (channel type 54): a bearer key, one task per video. */
export const doubao: VideoProvider = {
  platform: TaskPlatform.DoubaoVideo,
  channelTypes: [54],
  // new-api bills Seedance per task; its only ratio is for a video given as input, not taken here.
  priceRatios: () => ({}),
  submit(channel, request, upstreamModel) {
    return { ...target(channel, TASKS_PATH), body: JSON.stringify(arkBody(request, upstreamModel)) };
  },
  acceptedId(answer) {
    const parsed = z.looseObject({ id: z.string().min(1) }).safeParse(answer);
    return parsed.success ? parsed.data.id : null;
  },
  poll(channel, task) {
    return { ...target(channel, `${TASKS_PATH}/${encodeURIComponent(task.taskId)}`), method: 'GET', body: '' };
  },
  state(answer) {
    const parsed = arkTask.safeParse(answer);
    const status = parsed.success ? STATUSES[parsed.data.status ?? ''] : undefined;
    if (!parsed.success || !status) return null;
    const failReason = status === 'FAILURE' ? parsed.data.error?.message || `task ${parsed.data.status}` : '';
    return { status, progress: '', failReason, url: parsed.data.content?.video_url ?? '' };
  },
};
