import { hashPassword } from '../auth/password.js';
import { Role, type User, UserStatus, type UserStore } from '../ports/user-store.js';

export const ROOT_USERNAME = 'root';

/** On first start (no user at all) creates `root`, the super administrator; returns it, or null when users exist. */
export async function ensureRootUser(users: UserStore, initialPassword: string): Promise<User | null> {
  if ((await users.count()) > 0) return null;
  return users.create({
    username: ROOT_USERNAME,
    passwordHash: await hashPassword(initialPassword),
    displayName: 'Root User',
    role: Role.Root,
    status: UserStatus.Enabled,
    email: '',
    group: 'default',
    affCode: '',
    inviterId: 0,
    accessToken: '',
    githubId: '',
    wechatId: '',
    telegramId: '',
    linuxDoId: '',
  });
}
