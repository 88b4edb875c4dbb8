import type { User } from '../../ports/documents/user-store.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import type { ImportContext } from '../import-context.js';
import { type DocumentImport, importDocuments } from './import-documents.js';
import { type SourceUser, sourceUser } from '../sources/new-api-rows.js';
import { openingBalance } from './opening-balance.js';

function toUser(row: SourceUser, nowSeconds: number): User {
  return {
    id: row.id,
    username: row.username,
    // new-api's bcrypt hash ($2a$): verified at sign-in, then replaced by argon2id.
    passwordHash: row.password,
    displayName: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email,
    group: row.group || 'default',
    affCode: row.aff_code,
    inviterId: row.inviter_id,
    // The invite account arrives through the ledger (the opening balance), never the document.
    affCount: 0,
    affQuota: 0,
    affHistoryQuota: 0,
    accessToken: row.access_token,
    githubId: row.github_id,
    wechatId: row.wechat_id,
    telegramId: row.telegram_id,
    linuxDoId: row.linux_do_id,
    oidcId: row.oidc_id,
    setting: row.setting,
    remark: row.remark,
    // new-api keeps no sign-up time.
    createdAt: nowSeconds,
    deletedAt: row.deleted_at,
  };
}

/** Users with their password hashes, roles, groups, linked accounts and remarks; balances as opening events. */
export function importUsers(context: ImportContext): Promise<void> {
  const { users } = context.targets.documents;
  const spec: DocumentImport<SourceUser, User> = {
    table: 'users',
    kind: 'users',
    row: sourceUser,
    map(row) {
      if (!row.username) return { skip: 'no username' };
      // Said, not dropped silently: Tollgate has no Stripe billing to link a customer to.
      if (row.stripe_customer) context.report.skip('user fields', row.id, 'no Tollgate field for stripe_customer');
      const { quota, used_quota: usedQuota, request_count: requestCount, aff_quota: affQuota, aff_history: affHistoryQuota, aff_count: affCount } = row;
      const opening = openingBalance(row.id, { kind: 'user', quota, usedQuota, requestCount, affQuota, affHistoryQuota, affCount }, context.nowSeconds * 1000);
      return { doc: toUser(row, context.nowSeconds), openings: [opening] };
    },
    conflict: (user) =>
      firstConflict([
        [async () => (await users.byId(user.id)) !== null, ALREADY_IN_TOLLGATE],
        [async () => (await users.byUsername(user.username)) !== null, 'username taken by another Tollgate user'],
        [async () => user.accessToken !== '' && (await users.byAccessToken(user.accessToken)) !== null, 'access token taken by another Tollgate user'],
      ]),
    write: (user) => users.restore(user),
  };
  return importDocuments(context, spec);
}
