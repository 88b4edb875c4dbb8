import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChannelStatus, type Channel } from '../../ports/channel-store.js';
import { TaskPlatform } from '../../ports/task-store.js';
import { authenticateCaller, type Caller } from '../../relay/caller.js';
import type { RelayContext } from '../../relay/relay-context.js';
import { RelayError, RelayMessages } from '../../relay/relay-error.js';
import { actionOfCustomId, FIXED_ACTION_PATHS, MjAction, parseSimpleChange } from '../../tasks/mj-actions.js';
import { mjUpstreamBody } from '../../tasks/mj-switches.js';
import { acceptMjSubmit } from '../../tasks/mj-wire.js';
import { mjModelName } from '../../tasks/task-prices.js';
import { submitTask } from '../../tasks/task-submit.js';

const promptBody = z.looseObject({ prompt: z.string().optional() });
const changeBody = z.looseObject({ taskId: z.string().min(1), action: z.enum([MjAction.Upscale, MjAction.Variation, MjAction.Reroll]), index: z.number().int().min(1).max(4).optional() });
const simpleChangeBody = z.looseObject({ content: z.string().min(1) });
const modalBody = z.looseObject({ taskId: z.string().min(1), prompt: z.string().optional() });
const actionBody = z.looseObject({ taskId: z.string().min(1), customId: z.string().min(1) });

/** The earlier task an action acts on must be the caller's; the action goes to the channel that drew it. */
async function originChannel(ctx: RelayContext, caller: Caller, taskId: string): Promise<Channel> {
  const origin = await ctx.deps.tasks.byTaskId(TaskPlatform.Midjourney, taskId);
  if (!origin || origin.userId !== caller.user.id) throw new RelayError(400, 'task_not_found', 'task_not_found');
  const channel = ctx.router.byId(origin.channelId);
  if (!channel || channel.status !== ChannelStatus.Enabled) throw new RelayError(403, RelayMessages.channelDisabled, 'channel_disabled');
  return channel;
}

interface Submit {
  path: string;
  action: string;
  body: Record<string, unknown>;
  originTaskId?: string;
}

async function submitMj(ctx: RelayContext, caller: Caller, reply: Parameters<typeof submitTask>[2], submit: Submit): Promise<void> {
  const channel = submit.originTaskId === undefined ? undefined : await originChannel(ctx, caller, submit.originTaskId);
  const prompt = typeof submit.body.prompt === 'string' ? submit.body.prompt : '';
  await submitTask(ctx, caller, reply, {
    platform: TaskPlatform.Midjourney, action: submit.action, model: mjModelName(submit.action), path: submit.path, body: mjUpstreamBody(ctx.deps.options, submit.body), prompt, channel, accept: acceptMjSubmit(submit.action),
  });
}

/** The submit routes of a Midjourney Proxy (imagine, change, simple-change, describe, blend, upload, modal, shorten, action, swap-face). */
export function registerMjSubmitRoutes(app: FastifyInstance, ctx: RelayContext): void {
  for (const [path, action] of Object.entries(FIXED_ACTION_PATHS)) {
    app.post(path, { schema: { body: promptBody } }, async (request, reply) => {
      const caller = await authenticateCaller(request, ctx.cache);
      await submitMj(ctx, caller, reply, { path, action, body: request.body as Record<string, unknown> });
      return reply;
    });
  }
  app.post('/mj/submit/change', { schema: { body: changeBody } }, async (request, reply) => {
    const body = request.body as z.infer<typeof changeBody>;
    await submitMj(ctx, await authenticateCaller(request, ctx.cache), reply, { path: '/mj/submit/change', action: body.action, body, originTaskId: body.taskId });
    return reply;
  });
  app.post('/mj/submit/simple-change', { schema: { body: simpleChangeBody } }, async (request, reply) => {
    const caller = await authenticateCaller(request, ctx.cache);
    const body = request.body as z.infer<typeof simpleChangeBody>;
    const change = parseSimpleChange(body.content);
    if (!change) throw new RelayError(400, 'content_invalid', 'content_invalid');
    await submitMj(ctx, caller, reply, { path: '/mj/submit/simple-change', action: change.action, body, originTaskId: change.taskId });
    return reply;
  });
  app.post('/mj/submit/modal', { schema: { body: modalBody } }, async (request, reply) => {
    const body = request.body as z.infer<typeof modalBody>;
    await submitMj(ctx, await authenticateCaller(request, ctx.cache), reply, { path: '/mj/submit/modal', action: MjAction.Modal, body, originTaskId: body.taskId });
    return reply;
  });
  app.post('/mj/submit/action', { schema: { body: actionBody } }, async (request, reply) => {
    const caller = await authenticateCaller(request, ctx.cache);
    const body = request.body as z.infer<typeof actionBody>;
    const action = actionOfCustomId(body.customId);
    if (!action) throw new RelayError(400, 'custom_id_invalid', 'custom_id_invalid');
    await submitMj(ctx, caller, reply, { path: '/mj/submit/action', action, body, originTaskId: body.taskId });
    return reply;
  });
}
