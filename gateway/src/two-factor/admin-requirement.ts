import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Options } from '../ports/options.js';
import type { TwoFactorStore } from '../ports/documents/two-factor-store.js';
import { Role, type User } from '../ports/documents/user-store.js';

/** The option that makes administrators (role 10 and up) set up two-factor before acting as one. */
export const ADMIN_TWO_FACTOR_OPTION = 'TwoFactorRequiredForAdmins';
export const SET_UP_TWO_FACTOR_FIRST = '管理员账户须先启用两步验证：请在个人设置中完成两步验证设置后再进行管理操作';

/** True when the option is on and applies to `user`'s role. */
export function twoFactorRequired(options: Options, user: Pick<User, 'role'>): boolean {
  return user.role >= Role.Admin && options.boolean(ADMIN_TWO_FACTOR_OPTION);
}

/** What deciding the requirement reads. */
export interface AdminTwoFactorDeps {
  options: Options;
  twoFactor: TwoFactorStore;
}

/** Whether `user` may act as an administrator now: the option is off for them, or their two-factor is on. */
export async function meetsAdminTwoFactor(options: Options, store: TwoFactorStore, user: Pick<User, 'id' | 'role'>): Promise<boolean> {
  return !twoFactorRequired(options, user) || Boolean((await store.byUserId(user.id))?.enabled);
}

/**
 * Wraps an administrator guard: with the option on, an administrator without two-factor enabled
 * is refused (403) with a message that says what to do. Sign-in and the user's own routes stay
 * open, so they can reach the personal settings and set it up.
 */
export function requireAdminTwoFactor(guard: preHandlerAsyncHookHandler, options: Options, store: TwoFactorStore): preHandlerAsyncHookHandler {
  return async function adminTwoFactor(request, reply) {
    await guard.call(this, request, reply);
    const user = request.user;
    if (reply.sent || !user || (await meetsAdminTwoFactor(options, store, user))) return;
    return reply.code(403).send({ success: false, message: SET_UP_TWO_FACTOR_FIRST });
  };
}
