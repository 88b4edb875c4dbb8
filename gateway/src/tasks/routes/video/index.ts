import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RelayError } from '../../../http/relay-error.js';
import { type Task, VideoPlatforms } from '../../../ports/documents/task-store.js';
import { callerOf, keyFirst } from '../../../relay/admission/caller.js';
import type { RelayContext } from '../../../relay/relay-context.js';
import { checkedBody, registerMultipartRoutes, requestForm } from '../../../relay/routes/v1/multipart.js';
import { videoFormBody } from '../../video/video-form.js';
import { videoRequestSchema } from '../../video/video-request.js';
import { remixVideo } from '../../video/video-remix.js';
import { submitVideo } from '../../video/video-submit.js';
import { openAIVideo, videoGenerationAnswer } from '../../video/video-wire.js';
import { serveVideoContent } from '../../video/video-content.js';

/** A form's reference images: a few frames, each at most about the size a provider takes inline. */
const VIDEO_FORM_LIMIT = 50 * 1024 * 1024;

const idParams = z.object({ task_id: z.string().min(1).max(200) });

/** The caller's own video task, or new-api's task_not_exist. */
async function ownTask(ctx: RelayContext, userId: number, taskId: string): Promise<Task> {
  const task = await ctx.deps.tasks.byTaskId(VideoPlatforms, taskId);
  if (!task || task.userId !== userId) throw new RelayError(400, 'task_not_exist', 'task_not_exist');
  return task;
}

/**
 * Video tasks: OpenAI's `/v1/videos` (create, retrieve, content, remix) and new-api's
 * `/v1/video/generations` (create, fetch); the same task behind both, polled to the end.
 */
export function registerVideoRoutes(app: FastifyInstance, ctx: RelayContext): void {
  const auth = keyFirst(ctx.cache);
  const fetch = { ...auth, schema: { params: idParams } };
  const taskOf = (request: FastifyRequest) => ownTask(ctx, callerOf(request).user.id, (request.params as z.infer<typeof idParams>).task_id);
  // JSON, or a multipart form (OpenAI's videos.create with an input_reference file): one schema checks both.
  registerMultipartRoutes(app, VIDEO_FORM_LIMIT, (scope) => {
    for (const path of ['/v1/videos', '/v1/video/generations']) {
      scope.post(path, auth, async (request, reply) => {
        const form = await requestForm(request);
        const body = checkedBody(videoRequestSchema, form ? videoFormBody(form) : request.body);
        await submitVideo(ctx, callerOf(request), reply, body, form ?? undefined);
        return reply;
      });
    }
  });
  app.get('/v1/videos/:task_id', fetch, async (request) => openAIVideo(await taskOf(request), ctx.deps.options));
  app.get('/v1/video/generations/:task_id', fetch, async (request) => videoGenerationAnswer(await taskOf(request), ctx.deps.options));
  const remix = { ...auth, schema: { params: z.object({ video_id: z.string().min(1).max(200) }), body: z.object({ prompt: z.string().min(1).max(100_000) }) } };
  app.post('/v1/videos/:video_id/remix', remix, async (request, reply) => {
    const caller = callerOf(request);
    const origin = await ownTask(ctx, caller.user.id, (request.params as { video_id: string }).video_id);
    await remixVideo(ctx, caller, reply, origin, (request.body as { prompt: string }).prompt);
    return reply;
  });
  app.get('/v1/videos/:task_id/content', fetch, async (request, reply) => serveVideoContent(ctx, await taskOf(request), reply));
}
