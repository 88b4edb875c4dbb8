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

export type UserTopupDeps = MoneyContext;

const topupBody = z.object({ key: z.string({ message: '未提供兑换码' }).trim().min(1, '未提供兑换码') });

/**
 * POST /api/user/topup: redeems a code for the signed-in user. The store lets exactly one
 * redemption win; the credit is a ledger event (log type 1), applied before the answer.
 */
export function registerUserTopupRoute(app: FastifyInstance, ctx: ApiContext<UserTopupDeps>): void {
  route(app, 'POST', '/user/topup', ctx.guard.user, async (request) => {
    const user = signedIn(request);
    const { key } = parseInput(topupBody, request.body);
    const redeemed = await ctx.deps.redemptions.redeem(key, user.id, Math.floor(Date.now() / 1000));
    if (!redeemed) {
      // As new-api: any code that exists but is not unused (used or disabled) reads as used.
      throw new ApiFailure((await ctx.deps.redemptions.byKey(key)) ? '该兑换码已被使用' : '无效的兑换码');
    }
    const content = `通过兑换码充值 ${logQuota(ctx.deps.options, redeemed.quota)}`;
    await ctx.sync.publishAndWait([
      { type: 'QuotaGranted', data: { userId: user.id, username: user.username, amount: redeemed.quota, logType: LogType.TopUp, content, source: 'redemption' }, metadata: newEventMetadata() },
    ]);
    return ok(redeemed.quota);
  });
}
