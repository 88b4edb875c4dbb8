import { z } from 'zod';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { upstreamModel } from '../../../channels/model-mapping.js';
import { parseServiceAccount } from '../../../providers/vertex/access-token.js';
import { vertexRegion, vertexUpstream } from '../../../providers/vertex/index.js';
import type { Channel } from '../../../ports/documents/channel-store.js';
import type { Task } from '../../../ports/documents/task-store.js';
import type { VideoProvider } from '../video-provider.js';
import { operationState } from './operation-state.js';
import { veoBody, veoPriceRatios } from './veo-request.js';

/** One video of a finished operation: inline bytes, or an object in the bucket the request named (storageUri). */
const video = z.looseObject({ bytesBase64Encoded: z.string().optional(), gcsUri: z.string().optional(), mimeType: z.string().optional() });

/** A long-running operation as Vertex's fetchPredictOperation answers it. */
const operation = z.looseObject({
  name: z.string().optional(),
  done: z.boolean().optional(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
  response: z.looseObject({ videos: z.array(video).optional(), raiMediaFilteredReasons: z.array(z.string()).optional() }).optional(),
});

/** `projects/{p}/locations/{r}/publishers/google/models/{model}/operations/{id}`: the id is what the task keeps. */
const OPERATION_NAME = /^projects\/[\w.-]+\/locations\/[\w-]+\/publishers\/google\/models\/[\w.-]+\/operations\/([\w-]+)$/;

/**
 * The operation asked about: fetchPredictOperation on the model that started it, with the service
 * account's token. The task keeps only the operation's id (the whole name, in base64 as new-api
 * keeps it, is past a path parameter's length): its project, region and model are the channel's,
 * as they were at the submit.
 */
function fetchOperation(channel: Channel, task: Task) {
  const model = upstreamModel(channel, task.description);
  const name = `projects/${parseServiceAccount(channel.key).project_id}/locations/${vertexRegion(channel.other, model)}/publishers/google/models/${model}/operations/${task.taskId}`;
  return vertexUpstream(channel, model, { publisher: 'google', name: model, method: 'fetchPredictOperation', payload: { operationName: name } });
}

const firstVideo = (answer: unknown) => operation.safeParse(answer).data?.response?.videos?.[0];

/**
 * Veo on Vertex AI (channel type 41): predictLongRunning on the publisher model in the channel's
 * region, polled with fetchPredictOperation, with the service account's token as for its chat
 * models. The finished video comes inline in the operation: the task keeps the operation without
 * it, and the content route asks for the operation again and sends the decoded bytes.
 */
export const veoVertex: VideoProvider = {
  platform: TaskPlatform.Vertex,
  channelTypes: [41],
  priceRatios: veoPriceRatios,
  submit: (channel, request, model) => vertexUpstream(channel, model, { publisher: 'google', name: model, method: 'predictLongRunning', payload: veoBody(request) }),
  acceptedId(answer) {
    return OPERATION_NAME.exec(operation.safeParse(answer).data?.name ?? '')?.[1] ?? null;
  },
  poll: fetchOperation,
  state(answer) {
    const parsed = operation.safeParse(answer);
    if (!parsed.success) return null;
    const first = firstVideo(answer);
    // A video written to the client's own bucket is theirs to fetch; an inline one is served by the content route.
    const video = first?.bytesBase64Encoded || first?.gcsUri ? { url: first.gcsUri ?? '' } : null;
    return operationState(parsed.data, video, parsed.data.response?.raiMediaFilteredReasons);
  },
  kept(answer) {
    const parsed = operation.safeParse(answer);
    if (!parsed.success || !parsed.data.response?.videos) return answer;
    const videos = parsed.data.response.videos.map(({ bytesBase64Encoded: _bytes, ...rest }) => rest);
    return { ...parsed.data, response: { ...parsed.data.response, videos } };
  },
  content: fetchOperation,
  contentOf(answer) {
    const first = firstVideo(answer);
    return first?.bytesBase64Encoded ? { contentType: first.mimeType || 'video/mp4', bytes: Buffer.from(first.bytesBase64Encoded, 'base64') } : null;
  },
};
