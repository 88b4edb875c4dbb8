import { z } from 'zod';
import { ApiFailure } from '../../http/errors.js';
import { wholeNumber } from '../../http/strict-int.js';
import type { User } from '../../ports/documents/user-store.js';
import { adjustmentEvent, changeTo, type QuotaChange, shortSubtractionMessage, subtraction } from '../../billing/admin-quota-change.js';
import type { ApiContext } from '../../api/support/context.js';
import { INVALID_PARAMS, parseInput } from '../../api/support/input.js';
import { logQuota } from '../../billing/quota-text.js';
import type { MoneyContext } from '../../contexts/money.js';

export type UserQuotaAdjustDeps = MoneyContext;

const CHANGE_NOT_POSITIVE = '额度变更值必须大于0';

/** new-api's fields for `action: "add_quota"`: a mode and a whole quota value. */
const adjustBody = z.object({
  action: z.literal('add_quota'),
  mode: z.enum(['add', 'subtract', 'override'], { message: INVALID_PARAMS }),
  value: wholeNumber('value'),
});
type Adjustment = z.infer<typeof adjustBody>;

export const isQuotaAdjustment = (body: unknown) => (body as { action?: unknown } | null)?.action === 'add_quota';

/** The change a mode asks for; a decrease is held first on what the user can spend (see quota-debit.ts). */
async function changeOf(ctx: ApiContext<UserQuotaAdjustDeps>, target: User, { mode, value }: Adjustment, current: number): Promise<QuotaChange | null> {
  if (mode === 'override') {
    if (value < 0) throw new ApiFailure('额度不能为负数');
    return changeTo(ctx.deps, target.id, current, value);
  }
  if (value <= 0) throw new ApiFailure(CHANGE_NOT_POSITIVE);
  return mode === 'add' ? { delta: value } : subtraction(ctx.deps, target.id, value);
}

function contentOf(ctx: ApiContext<UserQuotaAdjustDeps>, { mode }: Adjustment, current: number, delta: number): string {
  const text = (quota: number) => logQuota(ctx.deps.options, quota);
  if (mode === 'add') return `管理员增加用户额度 ${text(delta)}`;
  if (mode === 'subtract') return `管理员减少用户额度 ${text(-delta)}`;
  return `管理员将用户额度从 ${text(current)}修改为 ${text(current + delta)}`;
}

/**
 * POST /api/user/manage with `action: "add_quota"`: adds, subtracts or sets a user's quota as one
 * admin adjustment event on the ledger (log type 3), like the quota edit of PUT /api/user/.
 * Resolves the answer's message: empty, or what a subtraction took when it could not take all.
 */
export async function adjustQuota(ctx: ApiContext<UserQuotaAdjustDeps>, admin: User, target: User, body: unknown): Promise<string> {
  const adjustment = parseInput(adjustBody, body);
  const [balance] = await ctx.deps.balances.users([target.id]);
  const current = balance?.quota ?? 0;
  const change = await changeOf(ctx, target, adjustment, current);
  if (change !== null) await ctx.sync.publishAndWait([adjustmentEvent(admin, target, change, contentOf(ctx, adjustment, current, change.delta))]);
  const taken = -(change?.delta ?? 0);
  return adjustment.mode === 'subtract' && taken < adjustment.value ? shortSubtractionMessage(ctx.deps, taken) : '';
}
