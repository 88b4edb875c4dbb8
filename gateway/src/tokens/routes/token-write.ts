import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { generateTokenKey } from '../../auth/token-key.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { type Token, TokenStatus } from '../../ports/documents/token-store.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import { holdTokenEdit } from '../../billing/token-lowering.js';
import { checkGroup, documentFields, ownToken, tokenFields, tokenQuotaSet, tokensWithBalances } from './token-fields.js';

export type TokenWriteDeps = AccountsContext & MoneyContext;

/** `count` (batch creation) is the console's business: it posts once per token. */
const createBody = tokenFields.partial().extend({ name: tokenFields.shape.name.pipe(z.string().min(1, { message: '令牌名称不能为空' })) });
const updateBody = tokenFields.partial().extend({
  id: z.number({ message: INVALID_PARAMS }).int().positive({ message: INVALID_PARAMS }),
  status: z.number().int().optional(),
});
const updateQuery = z.object({ status_only: z.string().optional() });

const EXPIRED = '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期';
const EXHAUSTED = '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';

async function respond(deps: TokenWriteDeps, token: Token) {
  const [wire] = await tokensWithBalances(deps, [token]);
  return ok(wire);
}

/** Enabling a token that could not be used is refused with the reason to fix first. */
async function checkCanEnable(deps: TokenWriteDeps, token: Token): Promise<void> {
  if (token.expiredTime !== -1 && token.expiredTime <= Math.floor(Date.now() / 1000)) throw new ApiFailure(EXPIRED);
  const [balance] = await deps.balances.tokens([token.id]);
  if (!token.unlimitedQuota && (balance?.remainQuota ?? 0) <= 0) throw new ApiFailure(EXHAUSTED);
}

/** token_setting.max_user_tokens: a user at the cap is refused one more, with new-api's message. */
async function checkTokenCap(deps: TokenWriteDeps, userId: number): Promise<void> {
  const cap = deps.options.number('token_setting.max_user_tokens');
  const { total } = await deps.tokens.listByUser(userId, { offset: 0, limit: 1 });
  if (total >= cap) throw new ApiFailure(`已达到最大令牌数量限制 (${cap})`);
}

/** Creating and editing API keys; the remaining quota goes to the ledger as TokenQuotaSet. */
export function registerTokenWriteRoutes(app: FastifyInstance, { deps, guard, sync }: ApiContext<TokenWriteDeps>): void {
  route(app, 'POST', '/token/', guard.user, async (request) => {
    const user = signedIn(request);
    const body = parseInput(createBody, request.body);
    checkGroup(deps, user, body.group);
    await checkTokenCap(deps, user.id);
    const now = Math.floor(Date.now() / 1000);
    const fields = { name: body.name, expiredTime: -1, unlimitedQuota: false, modelLimitsEnabled: false, modelLimits: [], allowIps: [], group: '', ...documentFields(body) };
    const token = await deps.tokens.create({ ...fields, userId: user.id, key: generateTokenKey(), status: TokenStatus.Enabled, createdTime: now, accessedTime: now });
    await sync.publishAndWait([tokenQuotaSet(token, body.remain_quota ?? 0)]);
    deps.notices.publish('tokens', token.id);
    return respond(deps, token);
  });

  route(app, 'PUT', '/token/', guard.user, async (request) => {
    const user = signedIn(request);
    const body = parseInput(updateBody, request.body);
    const token = await ownToken(deps, user, body.id);
    if (parseInput(updateQuery, request.query).status_only) {
      if (body.status !== TokenStatus.Enabled && body.status !== TokenStatus.Disabled) throw new ApiFailure(INVALID_PARAMS);
      if (body.status === TokenStatus.Enabled) await checkCanEnable(deps, token);
      const updated = (await deps.tokens.update(token.id, { status: body.status })) ?? token;
      deps.notices.publish('tokens', token.id);
      return respond(deps, updated);
    }
    checkGroup(deps, user, body.group);
    const [balance] = await deps.balances.tokens([token.id]);
    const current = balance?.remainQuota ?? 0;
    const remain = body.remain_quota ?? current;
    const holdId = await holdTokenEdit(deps, token, { wasUnlimited: token.unlimitedQuota, unlimited: body.unlimited_quota ?? token.unlimitedQuota, current, remain });
    const updated = (await deps.tokens.update(token.id, documentFields(body))) ?? token;
    if (remain !== current || updated.unlimitedQuota !== token.unlimitedQuota) {
      await sync.publishAndWait([tokenQuotaSet(updated, remain, holdId)]);
    }
    deps.notices.publish('tokens', token.id);
    return respond(deps, updated);
  });
}
