import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChannelStatus } from '@tollgate/wire';
import type { Channel } from '../../../ports/documents/channel-store.js';
import { TaskPlatform } from '../../../ports/documents/task-store.js';
import { type Caller, callerOf, keyFirst } from '../../../relay/admission/caller.js';
import type { RelayContext } from '../../../relay/relay-context.js';
import { RelayError, RelayMessages } from '../../../http/relay-error.js';
import { actionOfCustomId, FIXED_ACTION_PATHS, MjAction, parseSimpleChange } from '../../mj-actions.js';
import { mjBodyForUpstream } from '../../mj-switches.js';
import { acceptMjSubmit } from '../../mj-wire.js';
import { mjModelName } from '../../task-models.js';
import { taskChannel } from '../../task-channel.js';
import { submitTask } from '../../task-submit.js';

const promptBody = z.looseObject({ prompt: z.string().optional() });
const changeBody = z.looseObject({ taskId: z.string().min(1), action: z.enum([MjAction.Upscale, MjAction.Variation, MjAction.Reroll]), index: z.number().int().min(1).max(4).optional() });
const simpleChangeBody = z.looseObject({ content: z.string().min(1) });
const modalBody = z.looseObject({ taskId: z.string().min(1), prompt: z.string().optional() });
const actionBody = z.looseObject({ taskId: z.string().min(1), customId: z.string().min(1) });

/**
 * The earlier task an action acts on must be the caller's, and (MjActionCheckSuccessEnabled) done,
 * except for a modal, which answers a task still waiting; the action goes to the channel that drew it,
 * with the key that drew it (a multi-key channel's proxies each know their own tasks).
 */
async function originChannel(ctx: RelayContext, caller: Caller, taskId: string, action: string): Promise<{ channel: Channel; keyIndex: number }> {
  const origin = await ctx.deps.tasks.byTaskId(TaskPlatform.Midjourney, taskId);
  if (!origin || origin.userId !== caller.user.id) throw new RelayError(400, 'task_not_found', 'task_not_found');
  const mustBeDone = ctx.deps.options.boolean('MjActionCheckSuccessEnabled') && action !== MjAction.Modal;
  if (mustBeDone && origin.status !== 'SUCCESS') throw new RelayError(400, 'task_status_not_success', 'task_status_not_success');
  const channel = taskChannel(ctx.router, origin);
  if (!channel || channel.status !== ChannelStatus.Enabled) throw new RelayError(403, RelayMessages.channelDisabled, 'channel_disabled');
  return { channel, keyIndex: origin.keyIndex ?? 0 };
}

interface Submit {
  path: string;
  action: string;
  body: Record<string, unknown>;
  originTaskId?: string;
}

async function submitMj(ctx: RelayContext, caller: Caller, reply: Parameters<typeof submitTask>[2], submit: Submit): Promise<void> {
  const origin = submit.originTaskId === undefined ? undefined : await originChannel(ctx, caller, submit.originTaskId, submit.action);
  const body = mjBodyForUpstream(submit.body, ctx.deps.options);
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  await submitTask(ctx, caller, reply, {
    platform: TaskPlatform.Midjourney, action: submit.action, model: mjModelName(submit.action), path: submit.path, body, prompt, ...origin, accept: acceptMjSubmit(submit.action),
  });
}

/** An action on an earlier task: what it does and which task, as read from the route's body. */
interface OriginTarget {
  action: string;
  taskId: string;
}

/** A route that acts on an earlier task; the key is checked before the action is read, so a bad key is a 401 first. */
function registerOriginRoute<S extends z.ZodType<Record<string, unknown>>>(app: FastifyInstance, ctx: RelayContext, path: string, schema: S, target: (body: z.infer<S>) => OriginTarget): void {
  app.post(path, { ...keyFirst(ctx.cache), schema: { body: schema } }, async (request, reply) => {
    const caller = callerOf(request);
    const body = request.body as z.infer<S>;
    const { action, taskId } = target(body);
    await submitMj(ctx, caller, reply, { path, action, body, originTaskId: taskId });
    return reply;
  });
}

/** The submit routes of a Midjourney Proxy (imagine, change, simple-change, describe, blend, upload, modal, shorten, action, swap-face). */
export function registerMjSubmitRoutes(app: FastifyInstance, ctx: RelayContext): void {
  for (const [path, action] of Object.entries(FIXED_ACTION_PATHS)) {
    app.post(path, { ...keyFirst(ctx.cache), schema: { body: promptBody } }, async (request, reply) => {
      const caller = callerOf(request);
      await submitMj(ctx, caller, reply, { path, action, body: request.body as Record<string, unknown> });
      return reply;
    });
  }
  registerOriginRoute(app, ctx, '/mj/submit/change', changeBody, (body) => ({ action: body.action, taskId: body.taskId }));
  registerOriginRoute(app, ctx, '/mj/submit/simple-change', simpleChangeBody, (body) => {
    const change = parseSimpleChange(body.content);
    if (!change) throw new RelayError(400, 'content_invalid', 'content_invalid');
    return change;
  });
  registerOriginRoute(app, ctx, '/mj/submit/modal', modalBody, (body) => ({ action: MjAction.Modal, taskId: body.taskId }));
  registerOriginRoute(app, ctx, '/mj/submit/action', actionBody, (body) => {
    const action = actionOfCustomId(body.customId);
    if (!action) throw new RelayError(400, 'custom_id_invalid', 'custom_id_invalid');
    return { action, taskId: body.taskId };
  });
}
