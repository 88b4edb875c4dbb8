import { newEventMetadata, newId, runInBackground } from '@tollgate/ledger';
import { costOf, priceContent, priceOther, type PriceQuote } from '../../billing/pricing.js';
import { remindOnCrossing } from '../../billing/quota-reminder.js';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { SubscriptionPocket } from '../../ports/hot-state/hold-store.js';
import type { Usage } from '../../providers/types.js';
import { type Caller, spenderOf } from './caller.js';
import type { RelayContext } from '../relay-context.js';

/**
 * The wire-compatible gateway starts its first-response clock one second before the request and
 * moves it only when a stream sends its first chunk, so a non-stream row carries frt = -1000.
 */
const NON_STREAM_FRT_MS = -1000;

export interface Settlement {
  caller: Caller;
  channel: Channel;
  quote: PriceQuote;
  holdId: string;
  /** What the hold took: the most this call may be charged. */
  granted: number;
  /** The subscription whose windows the hold took from; absent: the wallet pays. */
  pocket?: SubscriptionPocket | undefined;
  model: string;
  usage: Usage;
  isStream: boolean;
  startedAt: number;
  firstResponseMs: number;
  /** new-api's `other.admin_info`: what only admins see of how the call was routed (its channel affinity). */
  adminInfo?: Record<string, unknown>;
}

/**
 * Turns the hold into the actual cost and publishes it; the ledger debits and settles the hold.
 * The charge never exceeds the hold, even when an upstream answered past the limit it was sent or
 * reported more prompt tokens than were counted: the hold is all the balance had set aside.
 */
export async function settle(ctx: RelayContext, s: Settlement): Promise<void> {
  const quota = Math.min(costOf(s.quote, s.usage), s.granted);
  const useTimeMs = Date.now() - s.startedAt;
  const tokens = s.usage.promptTokens + s.usage.completionTokens;
  // Metered before the hold's round trip: the operations view shows the call as soon as it can.
  ctx.ops.record({ channelId: s.channel.id, model: s.model, status: 200, useTimeMs, firstTokenMs: s.isStream ? s.firstResponseMs : undefined, tokens, quota, ...spenderOf(s.caller) });
  // The answer has gone out, so the charge must be published even when hot state cannot take the
  // adjustment (a Redis primary failing over): the hold then keeps all it granted, at least the
  // charge, until the ledger applies this event and releases it. That sets aside too much for a
  // moment, never too little; a call served and not billed is what a throw here would cost.
  const available = await ctx.deps.holds.adjust({ holdId: s.holdId, userId: s.caller.user.id }, quota).catch(() => null);
  remindIfLow(ctx, s.caller, quota, available);
  ctx.publisher.publish({
    type: 'UsageRecorded',
    data: {
      requestId: newId(),
      holdId: s.holdId,
      userId: s.caller.user.id,
      username: s.caller.user.username,
      tokenId: s.caller.token.id,
      tokenName: s.caller.token.name,
      channelId: s.channel.id,
      model: s.model,
      group: s.caller.group,
      promptTokens: s.usage.promptTokens,
      completionTokens: s.usage.completionTokens,
      quota,
      isStream: s.isStream,
      useTimeMs,
      content: priceContent(s.quote),
      other: { ...priceOther(s.quote, s.isStream ? s.firstResponseMs : NON_STREAM_FRT_MS, s.usage), ...(s.adminInfo ? { admin_info: s.adminInfo } : {}) },
      logged: ctx.deps.options.boolean('LogConsumeEnabled'),
      ...(s.pocket ? paidBy(s.pocket) : {}),
    },
    metadata: newEventMetadata(),
  });
}

/** The event's note of the subscription that paid, and of the windows it counted in (the embedded log keeps their counts from it). */
function paidBy({ subscriptionId, windows }: SubscriptionPocket): { subscriptionId: number; subscriptionWindows: { key: string; endsAt: number }[] } {
  return { subscriptionId, subscriptionWindows: windows.map(({ key, endsAt }) => ({ key, endsAt })) };
}

/**
 * After the hold took the actual cost, what the user can still spend (`after`, from the same
 * step: a separate read was one more Redis call per call in a cluster) is the balance after this
 * charge. The reminder runs on its own: a mail never delays or fails the call it follows.
 */
function remindIfLow(ctx: RelayContext, caller: Caller, quota: number, after: number | null): void {
  if (quota <= 0 || after === null) return;
  runInBackground('low-quota reminder', () => remindOnCrossing(ctx.deps, caller.user, quota, after), ctx.log);
}
