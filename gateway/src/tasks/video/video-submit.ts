import type { FastifyReply } from 'fastify';
import { upstreamModel } from '../../channels/model-mapping.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { Caller } from '../../relay/admission/caller.js';
import type { RelayContext } from '../../relay/relay-context.js';
import type { MultipartForm } from '../../relay/surfaces/multipart-form.js';
import { submitRouted, type TaskRoute } from '../task-submit.js';
import { actionOf } from './video-actions.js';
import type { VideoProvider } from './video-provider.js';
import type { VideoRequest } from './video-request.js';
import { videoProviderFor } from './video-providers.js';
import { acceptedVideo } from './video-wire.js';

function routeOf(provider: VideoProvider, request: VideoRequest, form: MultipartForm | undefined): TaskRoute {
  return {
    platform: provider.platform,
    serves: (channel) => videoProviderFor(channel) === provider,
    build: (channel: Channel) => provider.submit(channel, request, upstreamModel(channel, request.model), form),
    ratios: provider.priceRatios(request),
    // A provider that refuses with a 200 and an error code (Kling's) still refused: new-api answers 400.
    refusedStatus: 400,
    accept(answer) {
      const id = provider.acceptedId(answer);
      return id ? acceptedVideo(id, request.model, answer) : null;
    },
  };
}

/**
 * A video submit (JSON, or a multipart form with its reference files), whichever provider the model's channel speaks: priced at the model's per-task
 * price times the provider's ratios (seconds, size), held, charged once the provider accepted it.
 */
export function submitVideo(ctx: RelayContext, caller: Caller, reply: FastifyReply, request: VideoRequest, form?: MultipartForm): Promise<void> {
  return submitRouted(ctx, caller, reply, {
    action: actionOf(request), model: request.model, prompt: request.prompt,
    serves: (channel) => videoProviderFor(channel) !== null,
    route: (channel) => routeOf(videoProviderFor(channel) as VideoProvider, request, form),
  });
}
