import { z } from 'zod';
import { randomAlphanumeric } from '../../auth/token-key.js';
import { type LinkedAccount, type NewUser, Role, UserStatus, type UserStore } from '../../ports/documents/user-store.js';
import { INVALID_PARAMS } from '../../api/support/input.js';

/** new-api's limits on user fields (username 12, display name 20, password 8 to 20). */
export const usernameField = z
  .string({ message: INVALID_PARAMS })
  .trim()
  .min(1, { message: INVALID_PARAMS })
  .max(12, { message: '用户名长度不得超过 12 位！' });
export const passwordField = z
  .string({ message: INVALID_PARAMS })
  .min(8, { message: '密码长度不得小于 8 位！' })
  .max(20, { message: '密码长度不得超过 20 位！' });
export const displayNameField = z.string().trim().max(20, { message: '显示名称长度不得超过 20 位！' });

export const USERNAME_TAKEN = '用户名已存在，或已注销';
export const EMAIL_TAKEN = '邮箱地址已被占用';

/** A fresh invite code that no user holds yet. */
export async function newAffCode(users: UserStore): Promise<string> {
  for (;;) {
    const code = randomAlphanumeric(4);
    if (!(await users.byAffCode(code))) return code;
  }
}

/** The document of a user who signed up or was added by an administrator. */
export interface NewUserFields {
  username: string;
  /** Empty for an account opened through another service: no password can match it. */
  passwordHash: string;
  displayName?: string;
  inviterId?: number;
  email?: string;
  /** The outside account it was opened with (GitHub, WeChat, ...). */
  linked?: Partial<Record<LinkedAccount, string>>;
}

export async function newUserDocument(users: UserStore, fields: NewUserFields): Promise<NewUser> {
  return {
    username: fields.username,
    passwordHash: fields.passwordHash,
    displayName: fields.displayName || fields.username,
    role: Role.User,
    status: UserStatus.Enabled,
    email: fields.email ?? '',
    group: 'default',
    affCode: await newAffCode(users),
    inviterId: fields.inviterId ?? 0,
    accessToken: '',
    githubId: '',
    wechatId: '',
    telegramId: '',
    linuxDoId: '',
    oidcId: '',
    ...fields.linked,
  };
}
