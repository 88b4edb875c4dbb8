import type { FastifyInstance } from 'fastify';
import { type Caller, callerOf, keyFirst } from '../../admission/caller.js';
import type { RelayContext } from '../../relay-context.js';

/** What new-api reports as the limit of an unlimited token. */
const UNLIMITED_AMOUNT = 100_000_000;

interface Spend {
  remain: number;
  used: number;
  expiresAt: number;
  unlimited: boolean;
}

/** The token's own figures when DisplayTokenStatEnabled is on, else its user's. */
async function spendOf(ctx: RelayContext, caller: Caller): Promise<Spend> {
  const { balances, options } = ctx.deps;
  if (options.boolean('DisplayTokenStatEnabled')) {
    const [token] = await balances.tokens([caller.token.id]);
    return { remain: token?.remainQuota ?? 0, used: token?.usedQuota ?? 0, expiresAt: Math.max(caller.token.expiredTime, 0), unlimited: caller.token.unlimitedQuota };
  }
  const [user] = await balances.users([caller.user.id]);
  return { remain: user?.quota ?? 0, used: user?.usedQuota ?? 0, expiresAt: 0, unlimited: false };
}

/** Quota in dollars when DisplayInCurrencyEnabled is on, as the console shows it. */
function amountOf(ctx: RelayContext, quota: number): number {
  return ctx.deps.options.boolean('DisplayInCurrencyEnabled') ? quota / ctx.deps.options.number('QuotaPerUnit') : quota;
}

/**
 * OpenAI's legacy billing endpoints, which many clients call with their key to show a balance:
 * the limit is what was granted (remaining plus used), the usage is in cents.
 */
export function registerBilling(app: FastifyInstance, ctx: RelayContext): void {
  for (const prefix of ['', '/v1']) {
    app.get(`${prefix}/dashboard/billing/subscription`, keyFirst(ctx.cache), async (request) => {
      const spend = await spendOf(ctx, callerOf(request));
      const amount = spend.unlimited ? UNLIMITED_AMOUNT : amountOf(ctx, spend.remain + spend.used);
      return { object: 'billing_subscription', has_payment_method: true, soft_limit_usd: amount, hard_limit_usd: amount, system_hard_limit_usd: amount, access_until: spend.expiresAt };
    });
    app.get(`${prefix}/dashboard/billing/usage`, keyFirst(ctx.cache), async (request) => {
      const spend = await spendOf(ctx, callerOf(request));
      return { object: 'list', total_usage: amountOf(ctx, spend.used) * 100 };
    });
  }
}
