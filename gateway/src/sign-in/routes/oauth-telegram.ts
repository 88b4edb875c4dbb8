import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import { UserStatus } from '../../ports/documents/user-store.js';
import { isTelegramLoginValid } from '../telegram.js';
import { bindLinked, type LinkedService } from '../../accounts/routes/linked-accounts.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { route } from '../../api/support/route.js';
import { signIn } from '../../api/support/sign-in.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { OpsContext } from '../../contexts/ops.js';
import type { AuditContext } from '../../contexts/audit.js';

export type TelegramSignInDeps = AccountsContext & OpsContext & AuditContext;

const TELEGRAM: LinkedService = { field: 'telegramId', usernamePrefix: 'telegram', takenMessage: '该 Telegram 账户已被绑定' };
/** The widget's fields arrive as the query; every one takes part in the signature, so all are kept as strings. */
const widgetQuery = z.record(z.string(), z.string()).catch({});

/** Telegram login widget: sign-in of the bound account, and binding (new-api's texts). */
export function registerTelegramRoutes(app: FastifyInstance, ctx: ApiContext<TelegramSignInDeps>): void {
  const { deps } = ctx;
  /** The Telegram id of a genuine, fresh widget login. */
  const telegramId = (request: FastifyRequest): string => {
    if (!deps.options.boolean('TelegramOAuthEnabled')) throw new ApiFailure('管理员未开启通过 Telegram 登录以及注册');
    const fields = widgetQuery.parse(request.query);
    const now = Math.floor(Date.now() / 1000);
    if (!fields.id || !isTelegramLoginValid(fields, deps.options.string('TelegramBotToken'), now)) throw new ApiFailure('无效的请求');
    return fields.id;
  };

  // Telegram sign-in opens no account: new-api only signs in one bound from the settings page.
  route(app, 'GET', '/oauth/telegram/login', null, async (request, reply) => {
    const user = await deps.users.byLinkedAccount('telegramId', telegramId(request));
    if (!user) throw new ApiFailure('该 Telegram 账户未绑定');
    if (user.deletedAt !== null) throw new ApiFailure('用户已注销');
    if (user.status !== UserStatus.Enabled) throw new ApiFailure('用户已被封禁');
    return ok(await signIn(deps, reply, user));
  });

  route(app, 'GET', '/oauth/telegram/bind', ctx.guard.user, async (request) => {
    await bindLinked(ctx, request, signedIn(request), TELEGRAM, telegramId(request));
    return ok(undefined, 'bind');
  });
}
