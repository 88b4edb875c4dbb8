import { TokenStatus, type Token } from '../../ports/documents/token-store.js';
import type { User } from '../../ports/documents/user-store.js';
import { usableGroups } from '../../options/user-groups.js';
import type { Options } from '../../ports/options.js';
import type { Caller } from '../admission/caller.js';
import { RelayError } from '../../http/relay-error.js';

/** Token id 0 means "no key": the ledger debits the user alone and the hold checks only the user. */
export const PLAYGROUND_TOKEN_ID = 0;

/** The playground has no key; it calls as the signed-in user, in a group the user may use. */
export function playgroundCaller(user: User, options: Options, requestedGroup: string | undefined): Caller {
  const group = requestedGroup || user.group;
  if (!Object.hasOwn(usableGroups(options, user.group), group)) throw new RelayError(403, '无权使用该分组', 'group_not_allowed');
  const token: Token = {
    id: PLAYGROUND_TOKEN_ID,
    userId: user.id,
    key: '',
    name: 'playground',
    status: TokenStatus.Enabled,
    createdTime: 0,
    accessedTime: 0,
    expiredTime: -1,
    unlimitedQuota: true,
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: [],
    group,
  };
  return { user, token, group };
}
