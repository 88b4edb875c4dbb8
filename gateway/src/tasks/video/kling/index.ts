import { dict } from '@tollgate/wire';
import { z } from 'zod';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import { VideoAction } from '../video-actions.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import type { VideoRequest } from '../video-request.js';
import { klingToken } from './kling-jwt.js';

const DEFAULT_BASE_URL = 'https://api.klingai.com';

/** Kling's answer to a submit and to a query: `code` 0, the task under `data`. */
const klingAnswer = z.looseObject({
  code: z.number(),
  message: z.string().optional(),
  data: z.looseObject({
    task_id: z.string(),
    task_status: z.string().optional(),
    task_status_msg: z.string().optional(),
    task_result: z.looseObject({ videos: z.array(z.looseObject({ url: z.string().optional() })).optional() }).optional(),
  }).optional(),
});

const STATUSES: Record<string, VideoStatus> = dict({ submitted: 'SUBMITTED', processing: 'IN_PROGRESS', succeed: 'SUCCESS', failed: 'FAILURE' });

/** Kling's aspect ratio for an OpenAI-style size, as new-api maps it (square otherwise). */
function aspectRatio(size: string | undefined): string {
  if (size === '1280x720' || size === '1920x1080') return '16:9';
  if (size === '720x1280' || size === '1080x1920') return '9:16';
  return '1:1';
}

/** A first frame makes it image-to-video; the task is queried under the same path. */
const pathFor = (imageToVideo: boolean) => (imageToVideo ? '/v1/videos/image2video' : '/v1/videos/text2video');

function target(channel: Channel, path: string): Omit<UpstreamRequest, 'body'> {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}${path}`, headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${klingToken(channel.key)}` } };
}

/** The request in Kling's fields, with new-api's defaults (std mode, 5 seconds, cfg 0.5); `metadata` overrides any. */
function klingBody(request: VideoRequest, model: string): Record<string, unknown> {
  const image = request.image ?? request.images?.[0];
  return {
    model_name: model, prompt: request.prompt, ...(image ? { image } : {}), mode: request.mode || 'std', duration: String(request.duration ?? (Number(request.seconds) || 5)),
    aspect_ratio: aspectRatio(request.size), cfg_scale: 0.5, ...request.metadata,
  };
}

/** Kling (channel type 50): an access and secret key signed into a JWT per request. */
export const kling: VideoProvider = {
  platform: TaskPlatform.Kling,
  channelTypes: [50],
  // new-api bills Kling per task: its adaptor adds no ratios.
  priceRatios: () => ({}),
  submit(channel, request, upstreamModel) {
    const body = klingBody(request, upstreamModel);
    return { ...target(channel, pathFor(Boolean(body.image || body.image_tail))), body: JSON.stringify(body) };
  },
  acceptedId(answer) {
    const parsed = klingAnswer.safeParse(answer);
    return parsed.success && parsed.data.code === 0 ? parsed.data.data?.task_id ?? null : null;
  },
  poll(channel, task) {
    const path = `${pathFor(task.action !== VideoAction.Text)}/${encodeURIComponent(task.taskId)}`;
    return { ...target(channel, path), method: 'GET', body: '' };
  },
  state(answer) {
    const parsed = klingAnswer.safeParse(answer);
    const task = parsed.success ? parsed.data.data : undefined;
    const status = task && STATUSES[task.task_status ?? ''];
    if (!task || !status) return null;
    const failReason = status === 'FAILURE' ? task.task_status_msg || 'task failed' : '';
    return { status, progress: '', failReason, url: task.task_result?.videos?.[0]?.url ?? '' };
  },
};
