import { newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';
import { z } from 'zod';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { MoneyContext } from '../../contexts/money.js';
import type { CoreContext } from '../../contexts/core.js';
import { ApiFailure } from '../../http/errors.js';
import { nonNegativeInt } from '../../http/strict-int.js';
import type { Token } from '../../ports/documents/token-store.js';
import type { User } from '../../ports/documents/user-store.js';
import { selectableGroups } from '../../options/user-groups.js';
import { byteLength } from '../../api/support/input.js';
import { byId, tokenWire } from '../../api/support/wire.js';

const lines = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** A token's editable fields as the console sends them (model_limits a comma string, allow_ips one per line). */
export const tokenFields = z.object({
  name: z
    .string()
    .trim()
    .refine((name) => byteLength(name) <= 30, { message: '令牌名称过长' }),
  expired_time: z.number().int().min(-1),
  remain_quota: nonNegativeInt('remain_quota', '令牌额度不能为负数'),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.union([z.string().transform((text) => lines(text, /,/)), z.array(z.string())]),
  allow_ips: z.union([z.string().transform((text) => lines(text, /\r?\n/)), z.array(z.string())]),
  group: z.string().trim(),
});
export type TokenFields = Partial<z.infer<typeof tokenFields>>;

/** The document fields the wire fields set (quota lives in the ledger, not here). */
export function documentFields(fields: TokenFields): Partial<Token> {
  const patch: Partial<Token> = {};
  if (fields.name !== undefined) patch.name = fields.name;
  if (fields.expired_time !== undefined) patch.expiredTime = fields.expired_time;
  if (fields.unlimited_quota !== undefined) patch.unlimitedQuota = fields.unlimited_quota;
  if (fields.model_limits_enabled !== undefined) patch.modelLimitsEnabled = fields.model_limits_enabled;
  if (fields.model_limits !== undefined) patch.modelLimits = fields.model_limits;
  if (fields.allow_ips !== undefined) patch.allowIps = fields.allow_ips;
  if (fields.group !== undefined) patch.group = fields.group;
  return patch;
}

/** A token may name only a group its owner can use (the group sets the price ratio). */
export function checkGroup(deps: CoreContext, user: User, group: string | undefined): void {
  if (group && !Object.hasOwn(selectableGroups(deps.options, user.group), group)) throw new ApiFailure('无权使用该分组');
}

/** The token's remaining quota for the ledger; a lowering names the hold that reserved it (see token-lowering.ts). */
export function tokenQuotaSet(token: Token, remainQuota: number, holdId?: string): LedgerEvent {
  const held = holdId === undefined ? {} : { holdId };
  return { type: 'TokenQuotaSet', data: { userId: token.userId, tokenId: token.id, remainQuota, unlimited: token.unlimitedQuota, ...held }, metadata: newEventMetadata() };
}

/** The signed-in user's own token; another user's token reads as absent. */
export async function ownToken(deps: AccountsContext, user: User, id: number): Promise<Token> {
  const token = await deps.tokens.byId(id);
  if (!token || token.userId !== user.id) throw new ApiFailure('令牌不存在');
  return token;
}

/** Tokens with their ledger balances merged, in wire shape. */
export async function tokensWithBalances(deps: MoneyContext, tokens: Token[]) {
  const balances = byId(await deps.balances.tokens(tokens.map((t) => t.id)), (b) => b.tokenId);
  return tokens.map((token) => tokenWire(token, balances.get(token.id)));
}
