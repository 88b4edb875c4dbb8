import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { User } from '../../ports/user-store.js';
import { type ApiContext, signedIn } from './support/context.js';
import { INVALID_PARAMS, parseInput } from './support/input.js';
import { logQuota } from './support/quota-text.js';
import { route } from './support/route.js';
import { newAffCode } from './user-fields.js';
import { affTransferGrant } from './user-grants.js';

const transferBody = z.object({ quota: z.number({ message: INVALID_PARAMS }).int({ message: INVALID_PARAMS }).positive({ message: INVALID_PARAMS }) });

/**
 * Takes the amount off the invite quota first (an atomic conditional write, so two transfers
 * cannot spend one reward), then grants it through the ledger. Should the append fail, the
 * invite quota is given back: the user never loses a reward to a broker hiccup.
 */
async function transfer(ctx: ApiContext, user: User, quota: number): Promise<void> {
  const { users, options } = ctx.deps;
  const perUnit = options.number('QuotaPerUnit');
  if (quota < perUnit) throw new ApiFailure(`划转失败 转移额度最小为${logQuota(options, perUnit)}！`);
  if (!(await users.changeAffQuota(user.id, -quota))) throw new ApiFailure('划转失败 邀请额度不足！');
  try {
    await ctx.sync.publishAndWait([affTransferGrant(options, user, quota)]);
  } catch (error) {
    await users.changeAffQuota(user.id, quota);
    throw error;
  }
}

/** The invite code and the transfer of invite rewards into quota. */
export function registerUserAffRoutes(app: FastifyInstance, ctx: ApiContext): void {
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
