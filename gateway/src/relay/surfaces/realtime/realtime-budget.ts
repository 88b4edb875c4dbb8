import { newId, runInBackground } from '@tollgate/ledger';
import { holdRange } from '../../../billing/hold-size.js';
import { maxOutputTokens } from '../../../billing/output-limits.js';
import type { PriceQuote } from '../../../billing/pricing.js';
import type { Channel } from '../../../ports/documents/channel-store.js';
import type { Usage } from '../../../providers/types.js';
import { admit } from '../../admission/admission.js';
import type { Caller } from '../../admission/caller.js';
import { settle } from '../../admission/settle.js';
import type { RelayContext } from '../../relay-context.js';
import { RelayError, RelayMessages } from '../../../http/relay-error.js';

const quotaRunOut = () => new RelayError(403, RelayMessages.userQuota, 'insufficient_user_quota');

/**
 * The most input one realtime response reads: the realtime models' context window (32k tokens for
 * gpt-realtime and gpt-4o-realtime). Every response re-reads the conversation so far, so its
 * prompt is bounded by the window, not by what the client sent since the last one.
 */
export const REALTIME_CONTEXT_TOKENS = 32_768;

/** One hold of the session: what it granted, and the promise that keeps it renewed until it is settled or released. */
interface SessionHold {
  holdId: string;
  granted: number;
  done: () => void;
}

/** What the session knows of a response when it is billed. */
export interface RealtimeResponse {
  usage: Usage;
  channel: Channel;
  startedAt: number;
  firstResponseMs: number;
}

/**
 * A realtime session's money. It holds one response's worst case at a time (the whole context
 * read at the dearest input ratio, and the model's most output at the dearest output ratio), or
 * what the balance still has. Each `response.done` settles that hold at the response's cost (a
 * UsageRecorded event, a log row), capped at the hold, and takes the next one: the top-up. The
 * session can therefore never spend what the balance does not have; when the next hold is
 * refused, the balance has run out and the session must end.
 * Calls are serialised by the session.
 */
export class RealtimeBudget {
  private hold: SessionHold | null = null;

  private constructor(
    private readonly ctx: RelayContext,
    private readonly caller: Caller,
    private readonly quote: PriceQuote,
    private readonly model: string,
  ) {}

  /** Takes the session's first hold; throws the relay's quota refusal when the balance has nothing for it. */
  static async open(ctx: RelayContext, caller: Caller, quote: PriceQuote, model: string): Promise<RealtimeBudget> {
    const budget = new RealtimeBudget(ctx, caller, quote, model);
    await budget.holdNext();
    return budget;
  }

  /**
   * Bills one response (at most what was held for it: a response that cost more used up all the
   * balance had, or overran the worst case) and holds the next; resolves why the session must end
   * (nothing is left to hold), or null.
   */
  async charge(response: RealtimeResponse): Promise<RelayError | null> {
    const hold = this.hold;
    if (!hold) return quotaRunOut();
    this.hold = null;
    try {
      await settle(this.ctx, { caller: this.caller, quote: this.quote, holdId: hold.holdId, granted: hold.granted, model: this.model, isStream: true, ...response });
    } finally {
      hold.done();
    }
    return this.holdNext().then(
      () => null,
      (refusal: unknown) => {
        if (refusal instanceof RelayError) return refusal;
        throw refusal;
      },
    );
  }

  /** Gives back the hold no response used (the session ended between responses). */
  async close(): Promise<void> {
    const hold = this.hold;
    this.hold = null;
    if (!hold) return;
    try {
      await this.ctx.deps.holds.release({ holdId: hold.holdId, userId: this.caller.user.id });
    } finally {
      hold.done();
    }
  }

  private async holdNext(): Promise<void> {
    const { ctx, caller, quote, model } = this;
    const options = ctx.deps.options;
    const holdId = newId();
    const range = holdRange(quote, 0, maxOutputTokens(options, model), Math.max(REALTIME_CONTEXT_TOKENS, options.number('PreConsumedQuota')));
    // Sessions are paid from the wallet (subscriptions pay per call, not per session budget).
    const { granted } = await admit(ctx, caller, holdId, range);
    let done = () => {};
    const settled = new Promise<void>((resolve) => (done = resolve));
    // Renewed like a call's hold while the response it pays for runs (in-flight-holds.ts).
    runInBackground('keep a realtime session hold', () => ctx.inFlight.during({ holdId, userId: caller.user.id, tokenId: caller.token.id, amount: granted }, () => settled), ctx.log);
    this.hold = { holdId, granted, done };
  }
}
