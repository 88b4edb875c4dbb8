import { LogType, type LedgerEvent, newEventMetadata } from '@tollgate/ledger';
import type { OptionCache } from '../../options/option-cache.js';
import type { User } from '../../ports/user-store.js';
import { logQuota } from './support/quota-text.js';

function grant(user: User, amount: number, content: string): LedgerEvent {
  return { type: 'QuotaGranted', data: { userId: user.id, username: user.username, amount, logType: LogType.System, content }, metadata: newEventMetadata() };
}

/** The system grants a new user receives (log type 4), worded as new-api's log rows. */
export function newUserGrants(options: OptionCache, user: User, invited: boolean): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  const forNewUser = options.number('QuotaForNewUser');
  if (forNewUser > 0) events.push(grant(user, forNewUser, `新用户注册赠送 ${logQuota(options, forNewUser)}`));
  const forInvitee = options.number('QuotaForInvitee');
  if (invited && forInvitee > 0) events.push(grant(user, forInvitee, `使用邀请码赠送 ${logQuota(options, forInvitee)}`));
  return events;
}

/**
 * The inviter's log row (type 4, quota 0, as new-api's). The reward itself goes to the inviter's
 * invite quota, a document field, so this event moves no balance: it only puts the row in the log.
 */
export function inviterRewardNotice(options: OptionCache, inviter: User, reward: number): LedgerEvent {
  return grant(inviter, 0, `邀请用户赠送 ${logQuota(options, reward)}`);
}

/** Invite quota moved into the balance by `aff_transfer`: a grant of exactly that amount. */
export function affTransferGrant(options: OptionCache, user: User, quota: number): LedgerEvent {
  return grant(user, quota, `邀请额度划转 ${logQuota(options, quota)}`);
}
