import { newId } from '@tollgate/ledger';
import type { FastifyReply } from 'fastify';
import { costOf, quoteFor } from '../billing/pricing.js';
import type { Channel } from '../ports/documents/channel-store.js';
import type { TaskPlatform } from '../ports/documents/task-store.js';
import { admit } from '../relay/admission/admission.js';
import { type Caller, checkModelAllowed, checkTokenGroup } from '../relay/admission/caller.js';
import { inServingGroup } from '../relay/admission/auto-group.js';
import type { RelayContext } from '../relay/relay-context.js';
import { RelayError, RelayMessages } from '../http/relay-error.js';
import { settle } from '../relay/admission/settle.js';
import { sendWithRetries } from '../relay/upstream/upstream-attempts.js';
import { UpstreamCancel } from '../relay/upstream/upstream-cancel.js';
import type { AcceptedSubmit } from './accepted-submit.js';
import { parseJson, servesPlatform, taskUpstream } from './task-upstream.js';

/** One task submit, whatever the platform. */
export interface TaskSubmission {
  platform: TaskPlatform;
  action: string;
  /** The name the action is priced and routed under (mj_imagine, suno_music). */
  model: string;
  /** The upstream path (the platform's own, the same the client called). */
  path: string;
  body: unknown;
  prompt: string;
  /** An action on an earlier task goes to that task's channel. */
  channel?: Channel;
  /** The accepted task, or null when the upstream refused the submit (it is then forwarded uncharged). */
  accept(answer: unknown): AcceptedSubmit | null;
}

function pickChannel(ctx: RelayContext, caller: Caller, submission: TaskSubmission): Channel {
  const channel = submission.channel ?? ctx.router.pick(caller.group, submission.model, new Set(), servesPlatform(submission.platform));
  if (!channel) throw new RelayError(503, RelayMessages.noChannel(caller.group, submission.model), 'model_not_found');
  return channel;
}

/**
 * Holds the action's per-call price, forwards the submit, and charges it only when the upstream
 * accepted a task (recorded, to be polled; refunded if it fails). A refused submit costs nothing
 * and reaches the client as the upstream sent it.
 */
export async function submitTask(ctx: RelayContext, keyCaller: Caller, reply: FastifyReply, submission: TaskSubmission): Promise<void> {
  const startedAt = Date.now();
  const caller = inServingGroup(ctx.router, ctx.deps.options, keyCaller, submission.model, servesPlatform(submission.platform));
  ctx.sensitive.checkPrompt(submission.prompt);
  checkTokenGroup(caller, ctx.deps.options);
  checkModelAllowed(caller, submission.model);
  const first = pickChannel(ctx, caller, submission);
  const quote = quoteFor(ctx.deps.options, submission.model, caller);
  if (!quote) throw new RelayError(400, RelayMessages.unpriced(submission.model), 'model_price_error');
  const quota = costOf(quote, { promptTokens: 0, completionTokens: 0 });
  const holdId = newId();
  // Tasks are paid by the wallet: their refunds (TaskRefunded) give back to it.
  const { granted } = await admit(ctx, caller, holdId, { least: quota, most: quota });
  const build = (channel: Channel) => taskUpstream(submission.platform, channel, submission.path, submission.body);
  const plan = { group: caller.group, model: submission.model, build, accepts: servesPlatform(submission.platform), signal: new UpstreamCancel(), pinned: submission.channel !== undefined };
  const attempted = await sendWithRetries(ctx, first, plan).catch(async (error: unknown) => {
    await ctx.deps.holds.release({ holdId, userId: caller.user.id });
    throw error;
  });
  const text = attempted.errorText ?? (await attempted.response.body.text());
  const accepted = attempted.response.statusCode < 400 ? submission.accept(parseJson(text)) : null;
  if (!accepted) {
    await ctx.deps.holds.release({ holdId, userId: caller.user.id });
    return void reply.code(attempted.response.statusCode).type('application/json').send(text);
  }
  await ctx.deps.tasks.create({
    ...accepted.task, platform: submission.platform, userId: caller.user.id, tokenId: caller.token.id, channelId: attempted.channel.id, action: submission.action,
    progress: '0%', prompt: submission.prompt, promptEn: '', imageUrl: '', failReason: '', quota, data: '{}', submitTime: startedAt, startTime: 0, finishTime: 0,
  });
  await settle(ctx, { caller, channel: attempted.channel, quote, holdId, granted, model: submission.model, usage: { promptTokens: 0, completionTokens: 0 }, isStream: false, startedAt, firstResponseMs: 0 });
  reply.code(200).send(accepted.answer);
}
