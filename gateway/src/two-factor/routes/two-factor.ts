import type { FastifyInstance } from 'fastify';
import { recordSecurityEvent } from '../../audit/security-events.js';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { ApiFailure } from '../../http/errors.js';
import type { TwoFactor } from '../../ports/documents/two-factor-store.js';
import { twoFactorRequired } from '../admin-requirement.js';
import { hashBackupCodes, newBackupCodes } from '../backup-codes.js';
import { checkCode } from '../check-code.js';
import { looksLikeTotp, newTotpSecret, otpauthUrl } from '../totp.js';
import { type ApiContext, signedIn } from '../../api/support/context.js';
import { parseInput } from '../../api/support/input.js';
import { route } from '../../api/support/route.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { AuditContext } from '../../contexts/audit.js';

export type TwoFactorDeps = AccountsContext & AuditContext;

export const NOT_ENABLED = '用户未启用2FA';
const DEFAULT_ISSUER = 'Tollgate';

/** `{ code }`: the app's six digits, or (where accepted) a recovery code. */
export const codeBody = z.object({ code: z.string().trim().min(1).max(64) });

async function enabledSetting(ctx: ApiContext<TwoFactorDeps>, userId: number): Promise<TwoFactor> {
  const setting = await ctx.deps.twoFactor.byUserId(userId);
  if (!setting?.enabled) throw new ApiFailure(NOT_ENABLED);
  return setting;
}

/** Setup, enable, disable and new recovery codes of the signed-in user's two-factor sign-in (new-api's paths and texts). */
export function registerTwoFactorRoutes(app: FastifyInstance, ctx: ApiContext<TwoFactorDeps>): void {
  const { deps, guard } = ctx;

  route(app, 'GET', '/user/2fa/status', guard.user, async (request) => {
    const user = signedIn(request);
    const setting = await deps.twoFactor.byUserId(user.id);
    const locked = (setting?.lockedUntil ?? 0) > Date.now();
    const remaining = setting?.enabled ? { backup_codes_remaining: setting.backupCodesRemaining } : {};
    return ok({ enabled: setting?.enabled ?? false, locked, ...remaining, required: twoFactorRequired(deps.options, user) });
  });

  route(app, 'POST', '/user/2fa/setup', guard.user, async (request) => {
    const user = signedIn(request);
    const secret = newTotpSecret();
    const codes = newBackupCodes();
    if (!(await deps.twoFactor.beginSetup(user.id, secret, await hashBackupCodes(codes)))) throw new ApiFailure('用户已启用2FA，请先禁用后重新设置');
    const issuer = deps.options.string('SystemName') || DEFAULT_ISSUER;
    const data = { secret, qr_code_data: otpauthUrl(secret, issuer, user.username), backup_codes: codes };
    return ok(data, '2FA设置初始化成功，请使用认证器扫描二维码并输入验证码完成设置');
  });

  route(app, 'POST', '/user/2fa/enable', guard.user, async (request) => {
    const user = signedIn(request);
    const { code } = parseInput(codeBody, request.body);
    const setting = await deps.twoFactor.byUserId(user.id);
    if (!setting) throw new ApiFailure('请先完成2FA初始化设置');
    if (setting.enabled) throw new ApiFailure('2FA已经启用');
    if (!looksLikeTotp(code)) throw new ApiFailure('验证码必须是6位数字');
    await checkCode(deps.twoFactor, setting, code, 'totp');
    if (!(await deps.twoFactor.enable(user.id))) throw new ApiFailure('2FA已经启用');
    deps.notices.publish('users', user.id); // an administrator's consoles may join the admins' room now
    await recordSecurityEvent(deps, request, user, 'TwoFactorEnabled');
    return ok(undefined, '两步验证启用成功');
  });

  route(app, 'POST', '/user/2fa/disable', guard.user, async (request) => {
    const user = signedIn(request);
    const { code } = parseInput(codeBody, request.body);
    await checkCode(deps.twoFactor, await enabledSetting(ctx, user.id), code, 'totp-or-backup');
    await deps.twoFactor.remove(user.id);
    deps.notices.publish('users', user.id);
    await recordSecurityEvent(deps, request, user, 'TwoFactorDisabled');
    return ok(undefined, '两步验证已禁用');
  });

  route(app, 'POST', '/user/2fa/backup_codes', guard.user, async (request) => {
    const user = signedIn(request);
    const { code } = parseInput(codeBody, request.body);
    const setting = await enabledSetting(ctx, user.id);
    if (!looksLikeTotp(code)) throw new ApiFailure('验证码必须是6位数字');
    await checkCode(deps.twoFactor, setting, code, 'totp');
    const codes = newBackupCodes();
    if (!(await deps.twoFactor.replaceBackupCodes(user.id, await hashBackupCodes(codes)))) throw new ApiFailure(NOT_ENABLED);
    await recordSecurityEvent(deps, request, user, 'TwoFactorBackupCodesRegenerated');
    return ok({ backup_codes: codes }, '备用码重新生成成功');
  });
}
