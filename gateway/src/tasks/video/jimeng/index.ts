import { dict } from '@tollgate/wire';
import { z } from 'zod';
import { upstreamModel } from '../../../channels/model-mapping.js';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import { framesOf } from '../video-actions.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import type { VideoRequest } from '../video-request.js';
import { volcSignedHeaders } from './volc-sign.js';

const DEFAULT_BASE_URL = 'https://visual.volcengineapi.com';
const VERSION = '2022-08-31';
/** Jimeng succeeds with this code; any other is a refusal (at submit) or a failure (at a poll). */
const OK = 10_000;

/** The visual API's envelope: `code`, `message`, and the task under `data`. */
const jimengAnswer = z.looseObject({
  code: z.number(),
  message: z.string().optional(),
  data: z.looseObject({ task_id: z.string().optional(), status: z.string().optional(), video_url: z.string().optional() }).nullish(),
});

const STATUSES: Record<string, VideoStatus> = dict({ in_queue: 'QUEUED', generating: 'IN_PROGRESS', done: 'SUCCESS', not_found: 'FAILURE', expired: 'FAILURE' });

/**
 * Jimeng 3.0's req_key depends on the frames given, as new-api resolves it: text-to-video, first
 * frame, or first and last frame (`jimeng_v30_pro` has one key for all); other models keep theirs.
 */
export function resolvedReqKey(reqKey: string, frames: number): string {
  if (!reqKey.includes('jimeng_v30')) return reqKey;
  if (reqKey === 'jimeng_v30_pro') return 'jimeng_ti2v_v30_pro';
  if (frames > 1) return reqKey.replace('jimeng_v30', 'jimeng_i2v_first_tail_v30').replace(/p$/, '');
  if (frames === 1) return reqKey.replace('jimeng_v30', 'jimeng_i2v_first_v30').replace(/p$/, '');
  return reqKey.replace('jimeng_v30', 'jimeng_t2v_v30');
}

/** Jimeng's aspect ratio for an OpenAI-style size (16:9 otherwise, its default). */
function aspectRatio(size: string | undefined): string {
  const [width = 0, height = 0] = (size ?? '').split('x').map(Number);
  if (width > 0 && width === height) return '1:1';
  return height > width ? '9:16' : '16:9';
}

/** A relay in front of Jimeng (another new-api) takes an `sk-` key as a bearer key; Volcengine itself an `access|secret` pair. */
const isRelayKey = (key: string) => key.startsWith('sk-');

/** The request in Jimeng's fields: frames from the length (24 fps: 10 s is 241, else 5 s is 121), images as URLs or bare base64; `metadata` overrides any. */
function jimengBody(request: VideoRequest, reqKey: string): Record<string, unknown> {
  const images = [...(request.image ? [request.image] : []), ...(request.images ?? [])];
  const asUrls = images[0]?.startsWith('http');
  const imageField = images.length === 0 ? {} : asUrls ? { image_urls: images } : { binary_data_base64: images.map((image) => image.replace(/^data:[^,]*,/, '')) };
  const seconds = request.duration ?? Number(request.seconds ?? 0);
  return { req_key: resolvedReqKey(reqKey, images.length), prompt: request.prompt, seed: -1, aspect_ratio: aspectRatio(request.size), frames: seconds === 10 ? 241 : 121, ...imageField, ...request.metadata };
}

/** A call of the visual API's `action`: signed with the channel's access and secret key, or a relay's bearer key. */
function actionRequest(channel: Channel, action: string, body: Record<string, unknown>): UpstreamRequest {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  const relay = isRelayKey(channel.key);
  const path = `${prefix}${relay ? '/jimeng' : ''}/`;
  const query = { Action: action, Version: VERSION };
  const text = JSON.stringify(body);
  const contentType = 'application/json';
  const [access = '', secret = ''] = channel.key.split('|').map((part) => part.trim());
  const auth = relay ? { authorization: `Bearer ${channel.key}` } : volcSignedHeaders({ method: 'POST', host: new URL(origin).host, path, query, body: text, contentType }, access, secret);
  return { origin, path: `${path}?${new URLSearchParams(query).toString()}`, headers: { 'content-type': contentType, accept: contentType, ...auth }, body: text };
}

/** Jimeng on Volcengine's visual API (channel type 51): CVSync2AsyncSubmitTask, then CVSync2AsyncGetResult under the same req_key. */
export const jimeng: VideoProvider = {
  platform: TaskPlatform.Jimeng,
  channelTypes: [51],
  // new-api bills Jimeng per task: its adaptor adds no ratios.
  priceRatios: () => ({}),
  submit(channel, request, model) {
    return actionRequest(channel, 'CVSync2AsyncSubmitTask', jimengBody(request, model));
  },
  acceptedId(answer) {
    const parsed = jimengAnswer.safeParse(answer);
    return (parsed.success && parsed.data.code === OK && parsed.data.data?.task_id) || null;
  },
  poll(channel, task) {
    // The result is asked for under the req_key the task was submitted with: the same mapping, the same frames.
    const reqKey = resolvedReqKey(upstreamModel(channel, task.description), framesOf(task.action));
    return actionRequest(channel, 'CVSync2AsyncGetResult', { req_key: reqKey, task_id: task.taskId });
  },
  state(answer) {
    const parsed = jimengAnswer.safeParse(answer);
    if (!parsed.success) return null;
    const { code, message, data } = parsed.data;
    if (code !== OK) return { status: 'FAILURE', progress: '100%', failReason: message || `code ${code}`, url: '' };
    const status = STATUSES[data?.status ?? ''];
    if (!status) return null;
    return { status, progress: status === 'QUEUED' ? '10%' : '', failReason: status === 'FAILURE' ? `task ${data?.status}` : '', url: data?.video_url ?? '' };
  },
};
