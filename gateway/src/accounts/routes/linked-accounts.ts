import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordSecurityEvent } from '../../audit/security-events.js';
import { ApiFailure } from '../../http/errors.js';
import { TOO_MANY_REQUESTS } from '../../http/rate-limit.js';
import type { LinkedAccount, User } from '../../ports/documents/user-store.js';
import { UserStatus } from '../../ports/documents/user-store.js';
import type { ExternalIdentity } from '../../sign-in/identity.js';
import type { ApiContext } from '../../api/support/context.js';
import { signIn } from '../../api/support/sign-in.js';
import { nextServiceUsername, openAccount } from '../../sign-in/routes/user-signup.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { OpsContext } from '../../contexts/ops.js';
import type { AuditContext } from '../../contexts/audit.js';

export type LinkedAccountsDeps = AccountsContext & OpsContext & AuditContext;

/** A service users sign in with: where its id is kept, and how new-api names what it opens. */
export interface LinkedService {
  field: LinkedAccount;
  /** `github` gives usernames `github_<n>`. */
  usernamePrefix: string;
  /** The answer when the id is already bound to another account. */
  takenMessage: string;
}

/** How long one gateway holds the right to link an outside id; a crashed holder frees it after this. */
const LINK_LEASE_MS = 10_000;
/** How long the loser of a race waits for the winner's write before giving up. */
const LINK_WAIT_MS = 3_000;
const LINK_POLL_MS = 50;
const NAME_ATTEMPTS = 5;

/**
 * Makes this call the only one linking `id` across gateways: two first sign-ins (or two binds)
 * of one outside account at once would otherwise both find it free. The winner goes on
 * (`holder: null`); a loser waits for the winner's write and gets the account it linked.
 */
async function claimLink(ctx: ApiContext<LinkedAccountsDeps>, field: LinkedAccount, id: string): Promise<{ holder: User | null }> {
  const { users, leases } = ctx.deps;
  if (await leases.claim(`link:${field}:${id}`, randomUUID(), LINK_LEASE_MS)) {
    return { holder: await users.byLinkedAccount(field, id) };
  }
  for (const deadline = Date.now() + LINK_WAIT_MS; Date.now() < deadline; await sleep(LINK_POLL_MS)) {
    const holder = await users.byLinkedAccount(field, id);
    if (holder) return { holder };
  }
  throw new ApiFailure(TOO_MANY_REQUESTS);
}

/**
 * Signs in the account bound to `identity`; an unknown identity opens a new account when
 * registration is on (new-api's flow and texts).
 */
export async function signInLinked(ctx: ApiContext<LinkedAccountsDeps>, reply: FastifyReply, service: LinkedService, identity: ExternalIdentity, affCode?: string) {
  const { users, options } = ctx.deps;
  let user = await users.byLinkedAccount(service.field, identity.id);
  if (!user) user = (await claimLink(ctx, service.field, identity.id)).holder;
  if (user && user.deletedAt !== null) throw new ApiFailure('用户已注销');
  if (!user) {
    if (!options.boolean('RegisterEnabled')) throw new ApiFailure('管理员关闭了新用户注册');
    user = await openLinkedAccount(ctx, service, identity, affCode);
  }
  if (user.status !== UserStatus.Enabled) throw new ApiFailure('用户已被封禁');
  return signIn(ctx.deps, reply, user);
}

/** A new account for `identity`; two sign-ups at once may draw the same `github_<n>`, so a taken name is drawn again. */
async function openLinkedAccount(ctx: ApiContext<LinkedAccountsDeps>, service: LinkedService, identity: ExternalIdentity, affCode?: string): Promise<User> {
  const linked = { [service.field]: identity.id };
  // An address another account holds stays with it: password reset mails go to one account per address.
  const email = identity.email && !(await ctx.deps.users.byEmail(identity.email)) ? identity.email : '';
  for (let attempt = 1; ; attempt++) {
    const username = await nextServiceUsername(ctx, service.usernamePrefix);
    try {
      return await openAccount(ctx, { username, passwordHash: '', displayName: identity.displayName, email, linked }, affCode);
    } catch (error) {
      if (attempt >= NAME_ATTEMPTS || !(await ctx.deps.users.byUsername(username))) throw error;
    }
  }
}

/** Binds `id` to the signed-in `user`, unless some account (even a deleted one) holds it. */
export async function bindLinked(ctx: ApiContext<LinkedAccountsDeps>, request: FastifyRequest, user: User, service: LinkedService, id: string): Promise<void> {
  const { users, notices } = ctx.deps;
  if (await users.byLinkedAccount(service.field, id)) throw new ApiFailure(service.takenMessage);
  if ((await claimLink(ctx, service.field, id)).holder) throw new ApiFailure(service.takenMessage);
  await users.update(user.id, { [service.field]: id });
  notices.publish('users', user.id);
  await recordSecurityEvent(ctx.deps, request, user, 'AccountLinked', { service: service.field });
}
