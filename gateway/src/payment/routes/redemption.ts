import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RedemptionRow } from '@tollgate/wire';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type Redemption, RedemptionStatus } from '../../ports/documents/redemption-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { idParams, INVALID_PARAMS, parseInput, queryInt, queryString } from '../../api/support/input.js';
import { pageFromOne, pageOf } from '../../api/support/paging.js';
import { route } from '../../api/support/route.js';
import type { MoneyContext } from '../../contexts/money.js';
import { audits } from '../../audit/admin-writes.js';

export type RedemptionDeps = MoneyContext;

const MAX_BATCH = 100;
const NAME_LENGTH = '兑换码名称长度必须在1-20之间';

const nameField = z.string({ message: NAME_LENGTH }).trim().min(1, NAME_LENGTH).max(20, NAME_LENGTH);
const quotaField = z.number({ message: INVALID_PARAMS }).int().positive('额度必须大于0');
/** Epoch seconds, 0 for never; new-api refuses an expiry already past when a code is made or edited. */
const expiryField = z
  .number({ message: INVALID_PARAMS })
  .int()
  .min(0, INVALID_PARAMS)
  .refine((expiry) => expiry === 0 || expiry >= Math.floor(Date.now() / 1000), '过期时间不能早于当前时间');
const createBody = z.object({
  name: nameField,
  quota: quotaField,
  count: z.number({ message: INVALID_PARAMS }).int().min(1, '兑换码个数必须大于0').max(MAX_BATCH, `一次兑换码批量生成的个数不能大于 ${MAX_BATCH}`).default(1),
  expired_time: expiryField.default(0),
});
const updateBody = z.object({ id: z.number({ message: INVALID_PARAMS }).int().positive(), name: nameField.optional(), quota: quotaField.optional(), status: z.number().int().optional(), expired_time: z.number().optional() });
const listQuery = z.object({ p: queryInt, page_size: queryInt, size: queryInt, keyword: queryString });
const updateQuery = z.object({ status_only: z.string().optional() });

/** The wire shape of new-api's redemption (snake_case). */
const wire = (r: Redemption): RedemptionRow => ({
  id: r.id, user_id: r.userId, key: r.key, name: r.name, status: r.status, quota: r.quota,
  created_time: r.createdTime, redeemed_time: r.redeemedTime, used_user_id: r.usedUserId, expired_time: r.expiredTime,
});

async function existing(ctx: ApiContext<RedemptionDeps>, id: number): Promise<Redemption> {
  const redemption = await ctx.deps.redemptions.byId(id);
  if (!redemption) throw new ApiFailure('兑换码不存在');
  return redemption;
}

/** Only an unused code may be edited, and a used one never re-enabled. */
function statusUpdate(current: Redemption, status: number): Partial<Redemption> {
  if (status !== RedemptionStatus.Unused && status !== RedemptionStatus.Disabled) throw new ApiFailure(INVALID_PARAMS);
  if (current.status === RedemptionStatus.Used) throw new ApiFailure('兑换码已使用，无法修改状态');
  return { status };
}

/** Redemption codes (administrators): list, search, read, create in batches, edit, toggle, delete. */
export function registerRedemptionRoutes(app: FastifyInstance, ctx: ApiContext<RedemptionDeps>): void {
  const { deps, guard } = ctx;
  const list = async (query: unknown, search: boolean) => {
    const q = parseInput(listQuery, query);
    const { page, pageSize, offset } = pageFromOne(q.p, q.page_size ?? q.size);
    const result = await deps.redemptions.list({ offset, limit: pageSize, keyword: search ? q.keyword || undefined : undefined });
    return ok(pageOf(result.items.map(wire), result.total, page, pageSize));
  };
  route(app, 'GET', '/redemption/', guard.admin, async (request) => list(request.query, false));
  route(app, 'GET', '/redemption/search', guard.admin, async (request) => list(request.query, true));
  route(app, 'GET', '/redemption/:id', guard.admin, async (request) => ok(wire(await existing(ctx, parseInput(idParams, request.params).id))));

  route(app, 'POST', '/redemption/', guard.admin, async (request) => {
    const body = parseInput(createBody, request.body);
    const admin = signedIn(request);
    const createdTime = Math.floor(Date.now() / 1000);
    const keys: string[] = [];
    for (let i = 0; i < body.count; i++) {
      const created = await deps.redemptions.create({ userId: admin.id, key: randomUUID().replace(/-/g, ''), name: body.name, quota: body.quota, createdTime, expiredTime: body.expired_time });
      keys.push(created.key);
    }
    return ok(keys);
  }, audits.redemptionsCreated);

  route(app, 'PUT', '/redemption/', guard.admin, async (request) => {
    const body = parseInput(updateBody, request.body);
    const current = await existing(ctx, body.id);
    if (parseInput(updateQuery, request.query).status_only) return ok(wire((await deps.redemptions.update(current.id, statusUpdate(current, body.status ?? 0))) ?? current));
    if (current.status !== RedemptionStatus.Unused) throw new ApiFailure('只能编辑未使用的兑换码');
    // The expiry is checked only on a full edit (a status toggle leaves it), as new-api does; absent, it stays.
    const expiredTime = body.expired_time === undefined ? undefined : parseInput(expiryField, body.expired_time);
    return ok(wire((await deps.redemptions.update(current.id, { name: body.name, quota: body.quota, expiredTime })) ?? current));
  }, audits.redemptionUpdated);

  route(app, 'DELETE', '/redemption/:id', guard.admin, async (request) => {
    const removed = await deps.redemptions.delete(parseInput(idParams, request.params).id);
    if (!removed) throw new ApiFailure('兑换码不存在');
    return ok();
  }, audits.redemptionDeleted);
}
