import { newEventMetadata } from '@tollgate/ledger';
import { LogType } from '@tollgate/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { logQuota } from '../../billing/quota-text.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';
import { isExpired, type Redemption, RedemptionStatus } from '../../ports/documents/redemption-store.js';

export type UserTopupDeps = MoneyContext;

const topupBody = z.object({ key: z.string({ message: '未提供兑换码' }).trim().min(1, '未提供兑换码') });

/**
 * Why a code did not redeem, in new-api's order and words: unknown; not unused (used or disabled
 * both read as used); expired.
 */
function refusal(code: Redemption | null, nowSeconds: number): string {
  if (!code) return '无效的兑换码';
  if (code.status !== RedemptionStatus.Unused) return '该兑换码已被使用';
  return isExpired(code, nowSeconds) ? '该兑换码已过期' : '该兑换码已被使用';
}

/**
 * POST /api/user/topup: redeems a code for the signed-in user. The store lets exactly one
 * redemption win; the credit is a ledger event (log type 1), applied before the answer.
 */
export function registerUserTopupRoute(app: FastifyInstance, ctx: ApiContext<UserTopupDeps>): void {
  route(app, 'POST', '/user/topup', ctx.guard.user, async (request) => {
    const user = signedIn(request);
    const { key } = parseInput(topupBody, request.body);
    const now = Math.floor(Date.now() / 1000);
    const redeemed = await ctx.deps.redemptions.redeem(key, user.id, now);
    if (!redeemed) throw new ApiFailure(refusal(await ctx.deps.redemptions.byKey(key), now));
    const content = `通过兑换码充值 ${logQuota(ctx.deps.options, redeemed.quota)}`;
    await ctx.sync.publishAndWait([
      { type: 'QuotaGranted', data: { userId: user.id, username: user.username, amount: redeemed.quota, logType: LogType.TopUp, content, source: 'redemption' }, metadata: newEventMetadata() },
    ]);
    return ok(redeemed.quota);
  });
}
