import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'undici';
import { z } from 'zod';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { callerOf, keyFirst } from '../../../relay/admission/caller.js';
import type { RelayContext } from '../../../relay/relay-context.js';
import { RelayError } from '../../../http/relay-error.js';
import { mjTaskDto } from '../../mj-wire.js';
import { taskChannel } from '../../task-channel.js';
import { fetchRefusal } from '../../../http/fetch-guard/guarded-request.js';
import { fetchImage } from '../../worker-image.js';

const idParams = z.object({ id: z.string().min(1) });
const listBody = z.looseObject({ ids: z.array(z.string()).max(500) });

const taskNotFound = () => new RelayError(404, 'task_no_found', 'task_no_found');

/** Reading tasks back: one, several by id, a drawing's seed, and its image. */
export function registerMjTaskRoutes(app: FastifyInstance, ctx: RelayContext): void {
  const ownTask = async (id: string, userId: number) => {
    const task = await ctx.deps.tasks.byTaskId(TaskPlatform.Midjourney, id);
    if (!task || task.userId !== userId) throw taskNotFound();
    return task;
  };
  app.get('/mj/task/:id/fetch', { ...keyFirst(ctx.cache), schema: { params: idParams } }, async (request) => {
    const caller = callerOf(request);
    return mjTaskDto(await ownTask((request.params as z.infer<typeof idParams>).id, caller.user.id), ctx.deps.options);
  });
  app.post('/mj/task/list-by-condition', { ...keyFirst(ctx.cache), schema: { body: listBody } }, async (request) => {
    const caller = callerOf(request);
    const tasks = await ctx.deps.tasks.byTaskIds(TaskPlatform.Midjourney, (request.body as z.infer<typeof listBody>).ids, caller.user.id);
    return tasks.map((task) => mjTaskDto(task, ctx.deps.options));
  });
  app.get('/mj/task/:id/image-seed', { ...keyFirst(ctx.cache), schema: { params: idParams } }, async (request, reply) => {
    const caller = callerOf(request);
    const task = await ownTask((request.params as z.infer<typeof idParams>).id, caller.user.id);
    const channel = taskChannel(ctx.router, task);
    if (!channel) throw taskNotFound();
    const base = new URL(channel.baseUrl);
    const upstream = await httpRequest(`${base.origin}${base.pathname.replace(/\/+$/, '')}/mj/task/${encodeURIComponent(task.taskId)}/image-seed`, { headers: { 'mj-api-secret': channel.key } });
    return reply.code(upstream.statusCode).type('application/json').send(await upstream.body.text());
  });
  // No key: image tags in a browser cannot send one, and the task id is unguessable (new-api serves it the same way).
  app.get('/mj/image/:id', { schema: { params: idParams } }, async (request, reply) => {
    const task = await ctx.deps.tasks.byTaskId(TaskPlatform.Midjourney, (request.params as z.infer<typeof idParams>).id);
    if (!task?.imageUrl) throw taskNotFound();
    try {
      const image = await fetchImage(ctx.deps.options, task.imageUrl);
      return reply.code(image.status).type(image.contentType).send(image.body);
    } catch (error) {
      const refusal = fetchRefusal(error);
      if (refusal === null) throw error;
      return reply.code(403).send({ error: `request blocked: ${refusal}` });
    }
  });
}
