import { dict } from '@tollgate/wire';
import { z } from 'zod';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { baseOf } from '../../../providers/shared/base-url.js';
import type { UpstreamRequest } from '../../../providers/types.js';
import type { VideoProvider, VideoStatus } from '../video-provider.js';
import type { VideoRequest } from '../video-request.js';

const DEFAULT_BASE_URL = 'https://api.minimax.chat';
/** new-api's defaults for a Hailuo video: 6 seconds at 768P. */
const DEFAULT_SECONDS = 6;
const DEFAULT_RESOLUTION = '768P';

/** MiniMax's `base_resp`: status 0 is success. */
const baseResp = z.looseObject({ status_code: z.number(), status_msg: z.string().optional() });
const queryAnswer = z.looseObject({ task_id: z.string().optional(), status: z.string().optional(), file_id: z.string().optional(), base_resp: baseResp.optional() });

const STATUSES: Record<string, VideoStatus> = dict({ Preparing: 'QUEUED', Queueing: 'QUEUED', Processing: 'IN_PROGRESS', Success: 'SUCCESS', Fail: 'FAILURE' });

/** new-api's reading of a size as one of MiniMax's resolutions. */
function resolutionOf(size: string | undefined): string {
  const found = ['1080', '768', '720', '512'].find((height) => size?.includes(height));
  return found ? `${found}P` : DEFAULT_RESOLUTION;
}

function target(channel: Channel, path: string): Omit<UpstreamRequest, 'body'> {
  const { origin, prefix } = baseOf(channel.baseUrl, DEFAULT_BASE_URL);
  return { origin, path: `${prefix}${path}`, headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${channel.key}` } };
}

function hailuoBody(request: VideoRequest, model: string): Record<string, unknown> {
  const image = request.image ?? request.images?.[0];
  const duration = request.duration ?? (Number(request.seconds) || DEFAULT_SECONDS);
  return { model, prompt: request.prompt, duration, resolution: resolutionOf(request.size), ...(image ? { first_frame_image: image } : {}), ...request.metadata };
}

/** MiniMax's Hailuo video (channel type 35, MiniMax's): a bearer key; a finished task names a file, whose URL is asked for. */
export const hailuo: VideoProvider = {
  platform: TaskPlatform.Hailuo,
  channelTypes: [35],
  priceRatios: () => ({}),
  submit(channel, request, upstreamModel) {
    return { ...target(channel, '/v1/video_generation'), body: JSON.stringify(hailuoBody(request, upstreamModel)) };
  },
  acceptedId(answer) {
    const parsed = queryAnswer.safeParse(answer);
    return parsed.success && parsed.data.base_resp?.status_code === 0 ? parsed.data.task_id || null : null;
  },
  poll(channel, task) {
    return { ...target(channel, `/v1/query/video_generation?task_id=${encodeURIComponent(task.taskId)}`), method: 'GET', body: '' };
  },
  state(answer) {
    const parsed = queryAnswer.safeParse(answer);
    if (!parsed.success) return null;
    const refused = parsed.data.base_resp && parsed.data.base_resp.status_code !== 0;
    const status = refused ? 'FAILURE' : STATUSES[parsed.data.status ?? ''];
    if (!status) return null;
    const failReason = status === 'FAILURE' ? (refused && parsed.data.base_resp?.status_msg) || 'task failed' : '';
    return { status, progress: status === 'IN_PROGRESS' ? '50%' : '', failReason, url: '' };
  },
  resultFile: {
    request(channel, answer) {
      const fileId = queryAnswer.safeParse(answer).data?.file_id;
      return fileId ? { ...target(channel, `/v1/files/retrieve?file_id=${encodeURIComponent(fileId)}`), method: 'GET', body: '' } : null;
    },
    url: (answer) => z.looseObject({ file: z.looseObject({ download_url: z.string() }) }).safeParse(answer).data?.file.download_url ?? '',
  },
};
