import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { weChatIdByCode } from '../wechat.js';
import { bindLinked, type LinkedService, signInLinked } from '../../accounts/routes/linked-accounts.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput, queryString } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { OpsContext } from '../../contexts/ops.js';
import type { AuditContext } from '../../contexts/audit.js';

export type WeChatSignInDeps = AccountsContext & OpsContext & AuditContext;

const WECHAT: LinkedService = { field: 'wechatId', usernamePrefix: 'wechat', takenMessage: '该微信账号已被绑定' };
const codeQuery = z.object({ code: z.string({ message: INVALID_PARAMS }).trim().min(1, { message: INVALID_PARAMS }), aff: queryString });

/** WeChat sign-in and binding: the code the official account gave is checked by the WeChat server. */
export function registerWeChatRoutes(app: FastifyInstance, ctx: ApiContext<WeChatSignInDeps>): void {
  const { deps } = ctx;
  const weChatId = async (code: string): Promise<string> => {
    if (!deps.options.boolean('WeChatAuthEnabled')) throw new ApiFailure('管理员未开启通过微信登录以及注册');
    const server = { address: deps.options.string('WeChatServerAddress'), token: deps.options.string('WeChatServerToken') };
    const id = await weChatIdByCode(server, code);
    if (!id.ok) throw new ApiFailure(id.message);
    return id.value;
  };

  route(app, 'GET', '/oauth/wechat', null, async (request, reply) => {
    const { code, aff } = parseInput(codeQuery, request.query);
    const id = await weChatId(code);
    return ok(await signInLinked(ctx, reply, WECHAT, { id, displayName: 'WeChat User', email: '' }, aff));
  });

  route(app, 'GET', '/oauth/wechat/bind', ctx.guard.user, async (request) => {
    const { code } = parseInput(codeQuery, request.query);
    await bindLinked(ctx, request, signedIn(request), WECHAT, await weChatId(code));
    return ok();
  });
}
