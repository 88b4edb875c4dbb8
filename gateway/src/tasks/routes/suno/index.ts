import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { callerOf, keyFirst } from '../../../relay/admission/caller.js';
import type { RelayContext } from '../../../relay/relay-context.js';
import { RelayError } from '../../../http/relay-error.js';
import { acceptSunoSubmit, SunoAction, sunoEnvelope, sunoTaskDto } from '../../suno-wire.js';
import { sunoModelName } from '../../task-models.js';
import { submitTask } from '../../task-submit.js';

const actionParams = z.object({ action: z.enum(['music', 'lyrics']) });
const submitBody = z.looseObject({ prompt: z.string().optional(), gpt_description_prompt: z.string().optional() });
const fetchBody = z.looseObject({ ids: z.array(z.string()).max(500) });
const idParams = z.object({ id: z.string().min(1) });

/** Suno (channel type 36): submit a song or lyrics, read tasks back. */
export function registerSunoRoutes(app: FastifyInstance, ctx: RelayContext): void {
  app.post('/suno/submit/:action', { ...keyFirst(ctx.cache), schema: { params: actionParams, body: submitBody } }, async (request, reply) => {
    const caller = callerOf(request);
    const { action: name } = request.params as z.infer<typeof actionParams>;
    const body = request.body as z.infer<typeof submitBody>;
    const action = name === 'music' ? SunoAction.Music : SunoAction.Lyrics;
    const prompt = body.prompt ?? body.gpt_description_prompt ?? '';
    await submitTask(ctx, caller, reply, { platform: TaskPlatform.Suno, action, model: sunoModelName(action), path: `/suno/submit/${name}`, body, prompt, accept: acceptSunoSubmit });
    return reply;
  });
  app.post('/suno/fetch', { ...keyFirst(ctx.cache), schema: { body: fetchBody } }, async (request) => {
    const caller = callerOf(request);
    const tasks = await ctx.deps.tasks.byTaskIds(TaskPlatform.Suno, (request.body as z.infer<typeof fetchBody>).ids, caller.user.id);
    return sunoEnvelope(tasks.map(sunoTaskDto));
  });
  app.get('/suno/fetch/:id', { ...keyFirst(ctx.cache), schema: { params: idParams } }, async (request) => {
    const caller = callerOf(request);
    const task = await ctx.deps.tasks.byTaskId(TaskPlatform.Suno, (request.params as z.infer<typeof idParams>).id);
    if (!task || task.userId !== caller.user.id) throw new RelayError(404, 'task_no_found', 'task_no_found');
    return sunoEnvelope(sunoTaskDto(task));
  });
}
