import { newId } from '@tollgate/ledger';
import type { FastifyReply } from 'fastify';
import { costOf, type PriceQuote, quoteFor } from '../billing/pricing.js';
import type { Channel } from '../ports/documents/channel-store.js';
import type { TaskPlatform } from '../ports/documents/task-store.js';
import type { UpstreamRequest } from '../providers/types.js';
import { admit } from '../relay/admission/admission.js';
import { type Caller, checkModelAllowed, checkTokenGroup } from '../relay/admission/caller.js';
import { inServingGroup } from '../relay/admission/auto-group.js';
import type { RelayContext } from '../relay/relay-context.js';
import { RelayError, RelayMessages } from '../http/relay-error.js';
import { settle } from '../relay/admission/settle.js';
import { sendWithRetries } from '../relay/upstream/upstream-attempts.js';
import { UpstreamCancel } from '../relay/upstream/upstream-cancel.js';
import type { AcceptedSubmit } from './accepted-submit.js';
import { servesPlatform, taskUpstream } from './task-upstream.js';
import { jsonOrNull } from '../http/json-or-null.js';

/** How a submit goes to the channel picked first, and to any channel a retry may take. */
export interface TaskRoute {
  platform: TaskPlatform;
  /** Channels that speak this route's protocol: a retry never crosses to another. */
  serves(channel: Channel): boolean;
  build(channel: Channel): UpstreamRequest | Promise<UpstreamRequest>;
  /** new-api's other ratios (a video's seconds, its size), multiplied into the per-task price. */
  ratios?: Record<string, number>;
  /** The accepted task, or null when the upstream refused the submit (it is then forwarded uncharged). */
  accept(answer: unknown): AcceptedSubmit | null;
  /** The status a refusal the upstream sent as a 200 reaches the client with; unset, its own (a Midjourney proxy's clients read 200s). */
  refusedStatus?: number;
}

/** One task submit whose route depends on the channel that takes it (a video model on a Kling or a Sora channel). */
export interface RoutedSubmission {
  action: string;
  /** The name the action is priced and routed under (mj_imagine, suno_music, sora-2). */
  model: string;
  prompt: string;
  /** An action on an earlier task goes to that task's channel, with the key that made it. */
  channel?: Channel;
  keyIndex?: number;
  /** Channels that may take the submit at all. */
  serves(channel: Channel): boolean;
  route(channel: Channel): TaskRoute;
}

/** One Midjourney or Suno submit: the platform's own path and body, sent with its credential. */
export interface TaskSubmission {
  platform: TaskPlatform;
  action: string;
  model: string;
  /** The upstream path (the platform's own, the same the client called). */
  path: string;
  body: unknown;
  prompt: string;
  /** An action on an earlier task: that task's channel, with the key that made it. */
  channel?: Channel;
  keyIndex?: number;
  accept(answer: unknown): AcceptedSubmit | null;
}

function pickChannel(ctx: RelayContext, caller: Caller, submission: RoutedSubmission): Channel {
  const channel = submission.channel ?? ctx.router.pick(caller.group, submission.model, new Set(), submission.serves);
  if (!channel) throw new RelayError(503, RelayMessages.noChannel(caller.group, submission.model), 'model_not_found');
  return channel;
}

/** new-api's per-task price with its other ratios applied (ModelPrice x seconds x size ...). */
function pricedQuote(quote: PriceQuote, ratios: Record<string, number> | undefined): PriceQuote {
  if (!ratios || quote.modelPrice < 0) return quote;
  return { ...quote, modelPrice: Object.values(ratios).reduce((price, ratio) => price * ratio, quote.modelPrice) };
}

/**
 * Holds the action's price, forwards the submit, and charges it only when the upstream accepted a
 * task (recorded, to be polled; refunded if it fails). A refused submit costs nothing and reaches
 * the client as the upstream sent it.
 */
export async function submitRouted(ctx: RelayContext, keyCaller: Caller, reply: FastifyReply, submission: RoutedSubmission): Promise<void> {
  const startedAt = Date.now();
  const caller = inServingGroup(ctx.router, ctx.deps.options, keyCaller, submission.model, submission.serves);
  ctx.sensitive.checkPrompt(submission.prompt);
  checkTokenGroup(caller, ctx.deps.options);
  checkModelAllowed(caller, submission.model);
  const first = pickChannel(ctx, caller, submission);
  const route = submission.route(first);
  const listed = quoteFor(ctx.deps.options, submission.model, caller);
  if (!listed) throw new RelayError(400, RelayMessages.unpriced(submission.model), 'model_price_error');
  const quote = pricedQuote(listed, route.ratios);
  const quota = costOf(quote, { promptTokens: 0, completionTokens: 0 });
  const holdId = newId();
  // Tasks are paid by the wallet: their refunds (TaskRefunded) give back to it.
  const { granted } = await admit(ctx, caller, holdId, { least: quota, most: quota });
  const plan = { group: caller.group, model: submission.model, build: route.build, accepts: route.serves, signal: new UpstreamCancel(), pinned: submission.channel !== undefined, ownProtocol: true };
  const attempted = await sendWithRetries(ctx, first, plan).catch(async (error: unknown) => {
    await ctx.deps.holds.release({ holdId, userId: caller.user.id });
    throw error;
  });
  const text = attempted.errorText ?? (await attempted.response.body.text());
  const accepted = attempted.response.statusCode < 400 ? route.accept(jsonOrNull(text)) : null;
  if (!accepted) {
    await ctx.deps.holds.release({ holdId, userId: caller.user.id });
    const status = attempted.response.statusCode;
    return void reply.code(status < 400 ? route.refusedStatus ?? status : status).type('application/json').send(text);
  }
  await ctx.deps.tasks.create({
    progress: '0%', prompt: submission.prompt, promptEn: '', imageUrl: '', failReason: '', data: '{}', ...accepted.task,
    platform: route.platform, userId: caller.user.id, tokenId: caller.token.id, channelId: attempted.channel.id, keyIndex: submission.keyIndex ?? attempted.keyIndex, action: submission.action, quota, submitTime: startedAt, startTime: 0, finishTime: 0,
  });
  await settle(ctx, { caller, channel: attempted.channel, quote, holdId, granted, model: submission.model, usage: { promptTokens: 0, completionTokens: 0 }, isStream: false, startedAt, firstResponseMs: 0 });
  reply.code(200).send(accepted.answer);
}

/** A Midjourney or Suno submit: its route is the same on every channel of its platform. */
export function submitTask(ctx: RelayContext, caller: Caller, reply: FastifyReply, submission: TaskSubmission): Promise<void> {
  const serves = servesPlatform(submission.platform);
  const route: TaskRoute = { platform: submission.platform, serves, build: (channel) => taskUpstream(submission.platform, channel, submission.path, submission.body), accept: submission.accept };
  const { action, model, prompt, channel, keyIndex } = submission;
  return submitRouted(ctx, caller, reply, { action, model, prompt, channel, keyIndex, serves, route: () => route });
}
