import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { User } from '../../ports/documents/user-store.js';
import { holdInviteQuota } from '../invite-holds.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { logQuota } from '../../billing/quota-text.js';
import { route } from '../../api/support/route.js';
import { newAffCode } from '../../accounts/routes/user-fields.js';
import { affQuotaTransfer } from '../../billing/grant-events.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';

export type UserAffDeps = AccountsContext & MoneyContext;

const transferBody = z.object({ quota: z.number({ message: INVALID_PARAMS }).int({ message: INVALID_PARAMS }).positive({ message: INVALID_PARAMS }) });

/**
 * Holds the amount on the invite account first (checked and reserved in one step, so concurrent
 * transfers cannot spend one reward twice; see invite-holds.ts), then appends the transfer, which
 * settles the hold when the ledger applies it. Should the append fail, the hold is dropped: the
 * user never loses a reward to a broker hiccup.
 */
async function transfer(ctx: ApiContext<UserAffDeps>, user: User, quota: number): Promise<void> {
  const { options, inviteHolds } = ctx.deps;
  const perUnit = options.number('QuotaPerUnit');
  if (quota < perUnit) throw new ApiFailure(`划转失败 转移额度最小为${logQuota(options, perUnit)}！`);
  const holdId = await holdInviteQuota(ctx.deps, user.id, quota);
  if (holdId === null) throw new ApiFailure('划转失败 邀请额度不足！');
  try {
    await ctx.sync.publishAndWait([affQuotaTransfer(options, user, holdId, quota)]);
  } catch (error) {
    await inviteHolds.release({ holdId, userId: user.id });
    throw error;
  }
}

/** The invite code and the transfer of invite rewards into quota. */
export function registerUserAffRoutes(app: FastifyInstance, ctx: ApiContext<UserAffDeps>): void {
  const { deps, guard } = ctx;

  // Users created before invite codes existed get theirs on first ask.
  route(app, 'GET', '/user/aff', guard.user, async (request) => {
    const user = signedIn(request);
    if (user.affCode) return ok(user.affCode);
    const affCode = await newAffCode(deps.users);
    await deps.users.update(user.id, { affCode });
    deps.notices.publish('users', user.id);
    return ok(affCode);
  });

  route(app, 'POST', '/user/aff_transfer', guard.user, async (request) => {
    const user = signedIn(request);
    const { quota } = parseInput(transferBody, request.body);
    await transfer(ctx, user, quota);
    deps.notices.publish('users', user.id);
    return ok(undefined, '划转成功');
  });
}
