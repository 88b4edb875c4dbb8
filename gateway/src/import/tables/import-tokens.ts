import { type Token, TokenStatus } from '../../ports/documents/token-store.js';
import { ALREADY_IN_TOLLGATE, firstConflict } from './conflicts.js';
import type { ImportContext } from '../import-context.js';
import { type DocumentImport, importDocuments } from './import-documents.js';
import { type SourceToken, sourceToken } from '../sources/new-api-rows.js';
import { openingBalance } from './opening-balance.js';

const list = (text: string, separator: RegExp): string[] =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** new-api stores the key without `sk-`, as Tollgate does: clients keep sending `sk-` + key. */
const KEY = /^[A-Za-z0-9]{1,64}$/;

function toToken(row: SourceToken): Token {
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    name: row.name,
    status: row.status || TokenStatus.Enabled,
    createdTime: row.created_time,
    accessedTime: row.accessed_time,
    expiredTime: row.expired_time,
    unlimitedQuota: row.unlimited_quota,
    modelLimitsEnabled: row.model_limits_enabled,
    modelLimits: list(row.model_limits, /,/),
    // new-api keeps one address per line (older builds: commas).
    allowIps: list(row.allow_ips, /[\n,]/),
    group: row.group,
  };
}

/** API keys, unchanged, with their limits; remaining and used quota as opening events. */
export function importTokens(context: ImportContext): Promise<void> {
  const { tokens, users } = context.targets.documents;
  const spec: DocumentImport<SourceToken, Token> = {
    table: 'tokens',
    kind: 'tokens',
    row: sourceToken,
    map(row) {
      if (row.deleted_at !== null) return { skip: 'deleted in new-api' };
      if (!KEY.test(row.key)) return { skip: 'key is not alphanumeric' };
      const account = { kind: 'token', tokenId: row.id, remainQuota: row.remain_quota, usedQuota: row.used_quota, unlimited: row.unlimited_quota } as const;
      return { doc: toToken(row), openings: [openingBalance(row.user_id, account, context.nowSeconds * 1000)] };
    },
    conflict: (token) =>
      firstConflict([
        [async () => (await tokens.byId(token.id)) !== null, ALREADY_IN_TOLLGATE],
        [async () => (await tokens.byKey(token.key)) !== null, 'key taken by another Tollgate token'],
        // On a dry run the owner is not written yet: the source's users table vouches for it.
        [async () => !context.dryRun && (await users.byId(token.userId)) === null, 'owner not imported'],
      ]),
    write: (token) => tokens.restore(token),
  };
  return importDocuments(context, spec);
}
