import type { FastifyReply } from 'fastify';
import { jsonOrNull } from '../../http/json-or-null.js';
import { RelayError } from '../../http/relay-error.js';
import type { Task } from '../../ports/documents/task-store.js';
import type { Caller } from '../../relay/admission/caller.js';
import type { RelayContext } from '../../relay/relay-context.js';
import { taskChannel } from '../task-channel.js';
import { submitRouted } from '../task-submit.js';
import { videoProviderOf } from './video-providers.js';
import { acceptedVideo } from './video-wire.js';

/** new-api's action for a remix. */
const REMIX = 'remixGenerate';

/** The length and size the finished video was made at (a remix keeps them): as the provider last reported them. */
function madeAt(origin: Task): { seconds?: string; size?: string } {
  const answer = jsonOrNull(origin.data) as Record<string, unknown> | null;
  return { ...(typeof answer?.seconds === 'string' ? { seconds: answer.seconds } : {}), ...(typeof answer?.size === 'string' ? { size: answer.size } : {}) };
}

/**
 * `POST /v1/videos/{id}/remix`: a new video from a finished one and a new prompt, on the channel
 * and key that made it (the provider knows the video only there), priced as the original was (its
 * model, seconds and size), held and charged like any submit.
 */
export function remixVideo(ctx: RelayContext, caller: Caller, reply: FastifyReply, origin: Task, prompt: string): Promise<void> {
  const provider = videoProviderOf(origin.platform);
  const channel = taskChannel(ctx.router, origin);
  if (!provider?.remix || !channel) throw new RelayError(400, 'this video cannot be remixed', 'invalid_request');
  if (origin.status !== 'SUCCESS') throw new RelayError(400, `Task is not completed yet, current status: ${origin.status}`, 'invalid_request');
  const model = origin.description;
  const remix = provider.remix.bind(provider);
  return submitRouted(ctx, caller, reply, {
    action: REMIX, model, prompt, channel, keyIndex: origin.keyIndex ?? 0,
    serves: (candidate) => candidate.id === channel.id,
    route: () => ({
      platform: origin.platform, serves: (candidate) => candidate.id === channel.id,
      build: (pinned) => remix(pinned, origin, prompt),
      ratios: provider.priceRatios({ model, prompt, ...madeAt(origin) }),
      refusedStatus: 400,
      accept(answer) {
        const id = provider.acceptedId(answer);
        return id ? acceptedVideo(id, model, answer) : null;
      },
    }),
  });
}
