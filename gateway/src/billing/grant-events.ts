import { newEventMetadata } from '@tollgate/ledger';
import { LogType, type LedgerEvent } from '@tollgate/wire';
import type { Options } from '../ports/options.js';
import type { User } from '../ports/documents/user-store.js';
import { logQuota } from './quota-text.js';

function grant(user: User, amount: number, content: string): LedgerEvent {
  return { type: 'QuotaGranted', data: { userId: user.id, username: user.username, amount, logType: LogType.System, content }, metadata: newEventMetadata() };
}

/** The system grants a new user receives (log type 4), worded as new-api's log rows. */
export function newUserGrants(options: Options, user: User, invited: boolean): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  const forNewUser = options.number('QuotaForNewUser');
  if (forNewUser > 0) events.push(grant(user, forNewUser, `新用户注册赠送 ${logQuota(options, forNewUser)}`));
  const forInvitee = options.number('QuotaForInvitee');
  if (invited && forInvitee > 0) events.push(grant(user, forInvitee, `使用邀请码赠送 ${logQuota(options, forInvitee)}`));
  return events;
}

/** QuotaForInviter into the inviter's invite account; logged as new-api's row (type 4, quota 0). */
export function inviterReward(options: Options, inviter: User, inviteeId: number, reward: number): LedgerEvent {
  const content = `邀请用户赠送 ${logQuota(options, reward)}`;
  return { type: 'InviterRewarded', data: { userId: inviter.id, username: inviter.username, inviteeId, amount: reward, content }, metadata: newEventMetadata() };
}

/** Invite quota moved into the quota by `aff_transfer`, against the invite hold `holdId`. */
export function affQuotaTransfer(options: Options, user: User, holdId: string, quota: number): LedgerEvent {
  const content = `邀请额度划转 ${logQuota(options, quota)}`;
  return { type: 'AffQuotaTransferred', data: { userId: user.id, username: user.username, holdId, amount: quota, content }, metadata: newEventMetadata() };
}
