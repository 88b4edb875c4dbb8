import { z } from 'zod';
import { jsonOrNull } from '../../../http/json-or-null.js';
import { RelayError } from '../../../http/relay-error.js';
import { geminiResource, geminiUpstream } from '../../../providers/gemini/index.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import type { VideoProvider } from '../video-provider.js';
import { veoBody, veoPriceRatios } from './veo-request.js';
import { operationState } from './operation-state.js';

/** A long-running operation as the Gemini API answers it: its name, `done`, the error or the generated samples. */
const operation = z.looseObject({
  name: z.string().optional(),
  done: z.boolean().optional(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
  response: z.looseObject({
    generateVideoResponse: z.looseObject({
      generatedSamples: z.array(z.looseObject({ video: z.looseObject({ uri: z.string().optional() }).optional() })).optional(),
      raiMediaFilteredReasons: z.array(z.string()).optional(),
    }).optional(),
  }).optional(),
});

/** The operation's name, `models/{model}/operations/{id}`, and nothing else (it becomes a path). */
const OPERATION_NAME = /^models\/[\w.-]+\/operations\/[\w-]+$/;

/** The task id is the operation's name in base64url, as new-api keeps it. */
const operationName = (taskId: string) => {
  const name = Buffer.from(taskId, 'base64url').toString();
  if (!OPERATION_NAME.test(name)) throw new Error(`not a Veo operation: ${taskId}`);
  return name;
};

/** Where the finished video is: the first sample's download URI. */
const sampleUri = (answer: unknown) => operation.safeParse(answer).data?.response?.generateVideoResponse?.generatedSamples?.[0]?.video?.uri ?? '';

/**
 * Veo through the Gemini API (channel type 24): `models/{model}:predictLongRunning` starts an
 * operation, a GET of the operation polls it, and the finished video downloads from the sample's
 * URI behind the same key, so the content route serves it. Priced per second, 4K at its ratio.
 */
export const veoGemini: VideoProvider = {
  platform: TaskPlatform.Gemini,
  channelTypes: [24],
  priceRatios: veoPriceRatios,
  submit: (channel, request, model) => geminiUpstream(channel, model, 'predictLongRunning', veoBody(request)),
  acceptedId(answer) {
    const name = operation.safeParse(answer).data?.name ?? '';
    return OPERATION_NAME.test(name) ? Buffer.from(name).toString('base64url') : null;
  },
  poll: (channel, task) => geminiResource(channel, operationName(task.taskId)),
  state(answer) {
    const parsed = operation.safeParse(answer);
    if (!parsed.success) return null;
    const response = parsed.data.response?.generateVideoResponse;
    // The sample is fetched behind the channel's key: the content route serves it.
    return operationState(parsed.data, sampleUri(answer) ? { url: '' } : null, response?.raiMediaFilteredReasons);
  },
  content(channel, task) {
    const uri = sampleUri(jsonOrNull(task.data));
    if (!uri) throw new RelayError(404, 'video content not available', 'not_found');
    // Only the URI's path is taken: the key goes to the channel's own address, never to a host an answer names.
    const { pathname, search } = new URL(uri);
    return geminiResource(channel, `${pathname.replace(/^\/(v1beta\/)?/, '')}${search}`);
  },
};
