import { dict } from '@tollgate/wire';
import { z } from 'zod';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import type { VideoRequest } from '../video-request.js';

const DEFAULT_BASE_URL = 'https://api.vidu.cn';

/** Vidu's task, as its creations query answers it. */
const viduTask = z.looseObject({
  state: z.string(),
  err_code: z.string().optional(),
  creations: z.array(z.looseObject({ url: z.string().optional() })).nullish(),
});

const STATUSES: Record<string, VideoStatus> = dict({ created: 'SUBMITTED', queueing: 'SUBMITTED', processing: 'IN_PROGRESS', success: 'SUCCESS', failed: 'FAILURE' });

/** Vidu's route by the frames given: none text, one image, two first and last, more references. */
function routeFor(images: readonly string[]): string {
  if (images.length === 0) return '/ent/v2/text2video';
  if (images.length === 1) return '/ent/v2/img2video';
  return images.length === 2 ? '/ent/v2/start-end2video' : '/ent/v2/reference2video';
}

function target(channel: Channel, path: string): Omit<UpstreamRequest, 'body'> {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}${path}`, headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${channel.key}` } };
}

/** The request in Vidu's fields, with new-api's defaults (5 seconds, 1080p, auto movement, no music); `metadata` overrides any. */
function viduBody(request: VideoRequest, model: string): Record<string, unknown> {
  const images = [...(request.image ? [request.image] : []), ...(request.images ?? [])];
  return { model, images, prompt: request.prompt, duration: request.duration ?? (Number(request.seconds) || 5), resolution: request.size || '1080p', movement_amplitude: 'auto', bgm: false, ...request.metadata };
}

/** Vidu (channel type 52): an API key sent as `Token`, a route per kind of first frame. */
export const vidu: VideoProvider = {
  platform: TaskPlatform.Vidu,
  channelTypes: [52],
  // new-api bills Vidu per task unless the operator configured per-second rules (not taken here).
  priceRatios: () => ({}),
  submit(channel, request, upstreamModel) {
    const body = viduBody(request, upstreamModel);
    return { ...target(channel, routeFor(body.images as string[])), body: JSON.stringify(body) };
  },
  acceptedId(answer) {
    const parsed = z.looseObject({ task_id: z.string().min(1), state: z.string().optional() }).safeParse(answer);
    return parsed.success && parsed.data.state !== 'failed' ? parsed.data.task_id : null;
  },
  poll(channel, task) {
    return { ...target(channel, `/ent/v2/tasks/${encodeURIComponent(task.taskId)}/creations`), method: 'GET', body: '' };
  },
  state(answer) {
    const parsed = viduTask.safeParse(answer);
    const status = parsed.success ? STATUSES[parsed.data.state] : undefined;
    if (!parsed.success || !status) return null;
    const failReason = status === 'FAILURE' ? parsed.data.err_code || 'task failed' : '';
    return { status, progress: '', failReason, url: parsed.data.creations?.[0]?.url ?? '' };
  },
};
