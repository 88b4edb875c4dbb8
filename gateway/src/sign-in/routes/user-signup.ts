import type { User } from '../../ports/documents/user-store.js';
import type { ApiContext } from '../../api/support/context.js';
import { type NewUserFields, newUserDocument } from '../../accounts/routes/user-fields.js';
import { inviterReward, newUserGrants } from '../../billing/grant-events.js';
import type { AccountsContext } from '../../contexts/accounts.js';

export type UserSignupDeps = AccountsContext;

/**
 * QuotaForInviter goes to the inviter's invite account in the ledger (moved into quota later by
 * aff_transfer). As new-api, no reward means no row and no count.
 */
async function rewardInviter(ctx: ApiContext<UserSignupDeps>, inviter: User, invitee: User): Promise<void> {
  const { options, notices } = ctx.deps;
  const reward = options.number('QuotaForInviter');
  if (reward <= 0) return;
  await ctx.sync.publishAndWait([inviterReward(options, inviter, invitee.id, reward)]);
  notices.publish('users', inviter.id);
}

/**
 * Opens an account, by password or through another service: the new-user and invitee grants go
 * to the ledger, the inviter (from `affCode`) gets its invite reward.
 */
export async function openAccount(ctx: ApiContext<UserSignupDeps>, fields: Omit<NewUserFields, 'inviterId'>, affCode?: string): Promise<User> {
  const { users, options, notices } = ctx.deps;
  const inviter = affCode ? await users.byAffCode(affCode) : null;
  const user = await users.create(await newUserDocument(users, { ...fields, inviterId: inviter?.id }));
  await ctx.sync.publishAndWait(newUserGrants(options, user, inviter !== null));
  notices.publish('users', user.id);
  if (inviter) await rewardInviter(ctx, inviter, user);
  return user;
}

/** new-api's name for an account opened through a service: `github_<next id>`, within the 12-character limit. */
export async function nextServiceUsername(ctx: ApiContext<UserSignupDeps>, prefix: string): Promise<string> {
  const { users } = ctx.deps;
  const newest = (await users.list({ offset: 0, limit: 1 })).items[0];
  for (let n = (newest?.id ?? 0) + 1; ; n++) {
    const name = `${prefix}_${n}`;
    if (!(await users.byUsername(name))) return name;
  }
}
