import type { FastifyReply } from 'fastify';
import { ApiFailure } from '../../http/errors.js';
import type { LinkedAccount, User } from '../../ports/user-store.js';
import { UserStatus } from '../../ports/user-store.js';
import type { ExternalIdentity } from '../../sign-in/identity.js';
import type { ApiContext } from './support/context.js';
import { signIn } from './support/sign-in.js';
import { nextServiceUsername, openAccount } from './user-signup.js';

/** A service users sign in with: where its id is kept, and how new-api names what it opens. */
export interface LinkedService {
  field: LinkedAccount;
  /** `github` gives usernames `github_<n>`. */
  usernamePrefix: string;
  /** The answer when the id is already bound to another account. */
  takenMessage: string;
}

/**
 * Signs in the account bound to `identity`; an unknown identity opens a new account when
 * registration is on (new-api's flow and texts).
 */
export async function signInLinked(ctx: ApiContext, reply: FastifyReply, service: LinkedService, identity: ExternalIdentity, affCode?: string) {
  const { users, options } = ctx.deps;
  let user = await users.byLinkedAccount(service.field, identity.id);
  if (user && user.deletedAt !== null) throw new ApiFailure('用户已注销');
  if (!user) {
    if (!options.boolean('RegisterEnabled')) throw new ApiFailure('管理员关闭了新用户注册');
    const username = await nextServiceUsername(ctx, service.usernamePrefix);
    const linked = { [service.field]: identity.id };
    user = await openAccount(ctx, { username, passwordHash: '', displayName: identity.displayName, email: identity.email, linked }, affCode);
  }
  if (user.status !== UserStatus.Enabled) throw new ApiFailure('用户已被封禁');
  return signIn(reply, user);
}

/** Binds `id` to the signed-in `user`, unless some account (even a deleted one) holds it. */
export async function bindLinked(ctx: ApiContext, user: User, service: LinkedService, id: string): Promise<void> {
  const { users, notices } = ctx.deps;
  if (await users.byLinkedAccount(service.field, id)) throw new ApiFailure(service.takenMessage);
  await users.update(user.id, { [service.field]: id });
  notices.publish('users', user.id);
}
