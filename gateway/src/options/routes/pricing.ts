import type { FastifyInstance } from 'fastify';
import { sessionUserId } from '../../auth/session.js';
import type { AccountsContext } from '../../contexts/accounts.js';
import type { ChannelsContext } from '../../contexts/channels.js';
import { ChannelStatus, type PriceEntry, type PricingAnswer, QuotaType } from '@tollgate/wire';
import type { Channel } from '../../ports/documents/channel-store.js';
import type { ApiContext } from '../../api/support/context.js';
import { autoGroupsFor, usableGroups } from '../user-groups.js';
import { groupRatioFor } from '../../billing/group-ratio.js';
import { priceExpressionFor, TIERED_EXPR } from '../../billing/expression/model-expressions.js';
import { route } from '../../api/support/route.js';
import { completionRatioFor } from '../../billing/builtin-completion-ratio.js';

export type PricingDeps = AccountsContext & ChannelsContext;

const splitList = (list: string) => list.split(',').map((s) => s.trim()).filter(Boolean);

/** Each model served by an enabled channel, with the groups it is served in. */
function servedModels(channels: Channel[]): Map<string, Set<string>> {
  const groupsOf = new Map<string, Set<string>>();
  for (const channel of channels.filter((c) => c.status === ChannelStatus.Enabled)) {
    for (const model of splitList(channel.models)) {
      const groups = groupsOf.get(model) ?? new Set<string>();
      for (const group of splitList(channel.group)) groups.add(group);
      groupsOf.set(model, groups);
    }
  }
  return groupsOf;
}

/** A model in tiered_expr mode shows its expression, as new-api's pricing page does. */
function expressionFields(options: PricingDeps['options'], model: string): Pick<PriceEntry, 'billing_mode' | 'billing_expr'> {
  const expression = priceExpressionFor(options, model);
  return expression ? { billing_mode: TIERED_EXPR, billing_expr: expression.text } : {};
}

/** The pricing table: a price entry per served model, as new-api's /api/pricing answers it. */
async function pricing(deps: PricingDeps) {
  const { options } = deps;
  const ratios = options.numberMap('ModelRatio');
  const completion = options.numberMap('CompletionRatio');
  const prices = options.numberMap('ModelPrice');
  const entries = [...servedModels(await deps.channels.all())].sort(([a], [b]) => a.localeCompare(b)).map(([model, groups]): PriceEntry => ({
    model_name: model,
    quota_type: Object.hasOwn(prices, model) ? QuotaType.PerCall : QuotaType.PerUsage,
    model_ratio: ratios[model] ?? 0,
    model_price: prices[model] ?? 0,
    // The ratio billing applies (the saved one, else new-api's built-in rule), not just the saved map.
    completion_ratio: completionRatioFor(completion, model),
    enable_groups: [...groups].sort(),
    ...expressionFields(options, model),
  }));
  return { entries, groupRatio: options.numberMap('GroupRatio') };
}

/**
 * GET /api/pricing (public): the models with at least one enabled channel, their ratios or
 * prices and groups, the group ratios, and the groups the caller may use (the default group
 * for a visitor).
 */
export function registerPricingRoute(app: FastifyInstance, { deps }: ApiContext<PricingDeps>): void {
  route(app, 'GET', '/pricing', null, async (request) => {
    const { entries, groupRatio } = await pricing(deps);
    const userId = await sessionUserId(deps, request);
    const user = userId === null ? null : await deps.users.byId(userId);
    const userGroup = user?.group ?? 'default';
    const groups = user ? usableGroups(deps.options, user.group) : { default: usableGroups(deps.options, 'default').default ?? 'default' };
    // What this caller pays in each group: their own ratio where GroupGroupRatio names one.
    const ratios = Object.fromEntries(Object.keys(groupRatio).map((group) => [group, groupRatioFor(deps.options, { group, user: { group: userGroup } }).ratio]));
    const autoGroups = autoGroupsFor(deps.options, userGroup);
    return { success: true, message: '', data: entries, group_ratio: ratios, usable_group: groups, auto_groups: autoGroups } satisfies PricingAnswer;
  });
}
