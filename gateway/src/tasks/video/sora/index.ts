import { z } from 'zod';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { type Task, TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import { encodeMultipart } from '../../../relay/surfaces/multipart-form.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import { secondsOf } from '../video-request.js';

const DEFAULT_BASE_URL = 'https://api.openai.com';

/** OpenAI's video object, as `POST /v1/videos` and `GET /v1/videos/{id}` answer it. */
const videoObject = z.looseObject({
  id: z.string().optional(),
  task_id: z.string().optional(),
  status: z.string().optional(),
  progress: z.number().optional(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
});

/** new-api's reading of the status, case-blind, with the synonyms relays send. */
function statusOf(raw: string): VideoStatus | null {
  const status = raw.trim().toLowerCase();
  if (['processing', 'in_progress', 'running', 'generating'].includes(status)) return 'IN_PROGRESS';
  if (['completed', 'complete', 'success', 'succeeded', 'finished'].includes(status)) return 'SUCCESS';
  if (['failed', 'failure', 'fail', 'error', 'cancelled', 'canceled'].includes(status)) return 'FAILURE';
  return status ? 'QUEUED' : null;
}

/** A GET of the video (or of `below` it) on the channel. */
function videoGet(channel: Channel, task: Task, below = ''): UpstreamRequest {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}/v1/videos/${encodeURIComponent(task.taskId)}${below}`, method: 'GET', headers: { authorization: `Bearer ${channel.key}` }, body: '' };
}

/** Sora and anything else that speaks OpenAI's `/v1/videos` (new-api's Sora channel, type 55). */
export const sora: VideoProvider = {
  platform: TaskPlatform.Sora,
  channelTypes: [55],
  priceRatios(request) {
    // new-api's Sora estimate: 4 seconds unless asked; the large sizes cost 5/3 of the others.
    const large = request.size === '1792x1024' || request.size === '1024x1792';
    return { seconds: secondsOf(request, 4), size: large ? 1.666667 : 1 };
  },
  submit(channel, request, upstreamModel, form): UpstreamRequest {
    const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    const target = { origin, path: `${prefix}/v1/videos` };
    // A form goes on as the client sent it (its input_reference file), with the channel's model name.
    if (form) {
      const { contentType, body } = encodeMultipart(form, { model: upstreamModel });
      return { ...target, headers: { 'content-type': contentType, authorization: `Bearer ${channel.key}` }, body };
    }
    const { group: _group, ...body } = request as Record<string, unknown>;
    return { ...target, headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` }, body: JSON.stringify({ ...body, model: upstreamModel }) };
  },
  acceptedId(answer) {
    const parsed = videoObject.safeParse(answer);
    return (parsed.success && (parsed.data.id || parsed.data.task_id)) || null;
  },
  poll: videoGet,
  state(answer) {
    const parsed = videoObject.safeParse(answer);
    const status = parsed.success ? statusOf(parsed.data.status ?? '') : null;
    if (!parsed.success || !status) return null;
    const { progress = 0, error } = parsed.data;
    const failReason = status === 'FAILURE' ? error?.message || 'task failed' : '';
    return { status, progress: status === 'SUCCESS' ? '100%' : `${progress}%`, failReason, url: '' };
  },
  content: (channel, task) => videoGet(channel, task, '/content'),
  remix(channel, origin, prompt) {
    const { origin: host, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
    return { origin: host, path: `${prefix}/v1/videos/${encodeURIComponent(origin.taskId)}/remix`, headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` }, body: JSON.stringify({ prompt }) };
  },
};
