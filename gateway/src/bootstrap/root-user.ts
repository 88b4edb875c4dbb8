import { type EventLog, newEventMetadata } from '@tollgate/ledger';
import { LogType } from '@tollgate/wire';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { Options } from '../ports/options.js';
import { Role, type User, UserStatus, type UserStore } from '../ports/documents/user-store.js';

export const ROOT_USERNAME = 'root';

/** root's password until the first-run wizard or INITIAL_ROOT_PASSWORD sets another. */
export const DEFAULT_ROOT_PASSWORD = '123456';

/** new-api gives root this quota when it creates it ($200 at the default 500,000 per dollar). */
export const ROOT_INITIAL_QUOTA = 100_000_000;

/**
 * Creates root on first start. An operator-given password (INITIAL_ROOT_PASSWORD) is an unattended
 * install: setup counts as done and the wizard is skipped; without one the wizard stays open while
 * root keeps the default password. An install from before the wizard whose root was renamed or
 * given another password counts as set up too. The root it creates gets ROOT_INITIAL_QUOTA through
 * the ledger, as a system grant: only the gateway that created root publishes it, so it comes once.
 */
export async function bootstrapRoot(users: UserStore, options: Options, eventLog: Pick<EventLog, 'append'>, initialPassword: string | undefined): Promise<void> {
  const created = await ensureRootUser(users, initialPassword ?? DEFAULT_ROOT_PASSWORD);
  if (created) await grantRootQuota(eventLog, created);
  if (options.boolean('SetupCompleted')) return;
  if (initialPassword !== undefined || !(await rootHasDefaultPassword(users))) await options.set('SetupCompleted', 'true');
}

async function grantRootQuota(eventLog: Pick<EventLog, 'append'>, root: User): Promise<void> {
  const data = { userId: root.id, username: root.username, amount: ROOT_INITIAL_QUOTA, logType: LogType.System, content: '初始化 root 用户额度' } as const;
  await eventLog.append([{ type: 'QuotaGranted', data, metadata: newEventMetadata() }]);
}

async function rootHasDefaultPassword(users: UserStore): Promise<boolean> {
  const root = await users.byUsername(ROOT_USERNAME);
  return root !== null && (await verifyPassword(DEFAULT_ROOT_PASSWORD, root.passwordHash));
}

/** On first start (no user at all) creates `root`, the super administrator; returns it, or null when users exist. */
export async function ensureRootUser(users: UserStore, initialPassword: string): Promise<User | null> {
  if ((await users.count()) > 0) return null;
  // Gateways starting together race here; the unique username lets one win, and the others see its root.
  return createRoot(users, initialPassword).catch(async (error: unknown) => {
    if ((await users.byUsername(ROOT_USERNAME)) !== null) return null;
    throw error;
  });
}

async function createRoot(users: UserStore, initialPassword: string): Promise<User> {
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
    oidcId: '',
  });
}
