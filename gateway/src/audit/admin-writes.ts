import { dict } from '@tollgate/wire';
import type { FastifyRequest } from 'fastify';
import type { AuditEventType } from '../ports/documents/audit-event.js';
import { channelMeasures, channelSnapshot, optionSnapshot, planSnapshot, redemptionSnapshot, type SnapshotDeps, userSnapshot } from './snapshots.js';

/**
 * One admin or root write route as the audit trail records it. `state` is read twice: before the
 * route runs (`answer` undefined) and after it answered success (`answer` = its `data`).
 */
export interface AdminWrite {
  type: AuditEventType | ((request: FastifyRequest) => AuditEventType);
  kind: string;
  /** The target's id: from the request, or for a creation from what the write answered. */
  target(request: FastifyRequest, answer: unknown, deps: SnapshotDeps): Promise<string> | string;
  state?(deps: SnapshotDeps, request: FastifyRequest, answer?: unknown): Promise<unknown> | unknown;
  /** What the request asked that before/after do not show; never a secret. */
  detail?(request: FastifyRequest, answer: unknown): unknown;
  /** Recorded on a `success: false` answer too: a failed channel test still stores its time and result. */
  recordsFailure?: true;
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const paramId = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';
const bodyId = (request: FastifyRequest) => String(bodyOf(request).id ?? '');
/** A positive id, or 0 (reads nothing) for anything else: a write that fails its own check is never recorded. */
const asId = (text: string) => (/^\d+$/.test(text) ? Number(text) : 0);
const idList = (answer: unknown): number[] => (Array.isArray(answer) ? answer.filter((id): id is number => typeof id === 'number') : []);

const userFrom = (idOf: (request: FastifyRequest) => string) => ({
  kind: 'user',
  target: idOf,
  state: (deps: SnapshotDeps, request: FastifyRequest) => userSnapshot(deps, asId(idOf(request))),
});

const channelFrom = (idOf: (request: FastifyRequest) => string) => ({
  kind: 'channel',
  target: idOf,
  state: (deps: SnapshotDeps, request: FastifyRequest) => channelSnapshot(deps, asId(idOf(request))),
});

/** A channel's test time, response time, balance and status: what its test and balance routes change. */
const channelMeasured = {
  kind: 'channel',
  target: paramId,
  state: (deps: SnapshotDeps, request: FastifyRequest) => channelMeasures(deps, asId(paramId(request))),
};

const channelsBy = (ids: (deps: SnapshotDeps, request: FastifyRequest) => Promise<number[]> | number[]) => ({
  kind: 'channel',
  target: (request: FastifyRequest) => (Array.isArray(bodyOf(request).ids) ? (bodyOf(request).ids as unknown[]).join(',') : '*'),
  async state(deps: SnapshotDeps, request: FastifyRequest, answer?: unknown) {
    if (answer !== undefined) return null; // deleted
    return Promise.all((await ids(deps, request)).map((id) => channelSnapshot(deps, id)));
  },
});

const channelSnapshots = async (deps: SnapshotDeps, ids: number[]) => Promise.all(ids.map((id) => channelSnapshot(deps, id)));
const bodyText = (request: FastifyRequest, field: string) => (typeof bodyOf(request)[field] === 'string' ? (bodyOf(request)[field] as string) : '');

/** A tag operation: the channels of the tag before, and after (under the new tag when it was renamed). */
const channelsOfTag = {
  kind: 'channel',
  target: (request: FastifyRequest) => `tag:${bodyText(request, 'tag')}`,
  async state(deps: SnapshotDeps, request: FastifyRequest, answer?: unknown) {
    const tag = answer === undefined ? bodyText(request, 'tag') : bodyText(request, 'new_tag') || bodyText(request, 'tag');
    return channelSnapshots(deps, (await deps.channels.all()).filter((channel) => channel.tag === tag).map((channel) => channel.id));
  },
};

/** A write to the channels the body names by id, kept: their state before and after. */
const channelsNamed = {
  kind: 'channel',
  target: (request: FastifyRequest) => idList(bodyOf(request).ids).join(','),
  state: (deps: SnapshotDeps, request: FastifyRequest) => channelSnapshots(deps, idList(bodyOf(request).ids)),
};

const manageTypes: Record<string, AuditEventType> = dict({
  disable: 'UserDisabled',
  enable: 'UserEnabled',
  delete: 'UserDeleted',
  promote: 'UserPromoted',
  demote: 'UserDemoted',
  add_quota: 'UserQuotaAdjusted',
});

/**
 * What the trail records of each admin and root write of `/api`. A route names its entry where it
 * is registered (`route(…, audits.userUpdated)`), so the trail follows the routes themselves.
 */
export const audits = {
  userCreated: {
    type: 'UserCreated',
    kind: 'user',
    target: async (request, _answer, deps) => String(await createdUserId(deps, request)),
    state: async (deps, request, answer) => (answer === undefined ? null : userSnapshot(deps, await createdUserId(deps, request))),
  },
  userUpdated: { type: 'UserUpdated', ...userFrom(bodyId), detail: (request) => ({ password_changed: Boolean(bodyOf(request).password) }) },
  userManaged: {
    type: (request) => manageTypes[String(bodyOf(request).action)] ?? 'UserUpdated',
    ...userFrom(bodyId),
    detail: (request) => ({ action: bodyOf(request).action, mode: bodyOf(request).mode, value: bodyOf(request).value }),
  },
  userTwoFactorReset: { type: 'UserTwoFactorReset', ...userFrom(paramId) },
  userSessionsEnded: { type: 'UserSessionsEnded', kind: 'user', target: paramId, detail: (_request, answer) => ({ sessions_ended: answer }) },
  channelCreated: {
    type: 'ChannelCreated',
    kind: 'channel',
    target: (_request, answer) => idList(answer).join(','),
    state: async (deps, _request, answer) => (answer === undefined ? null : Promise.all(idList(answer).map((id) => channelSnapshot(deps, id)))),
  },
  channelCopied: {
    type: 'ChannelCopied',
    kind: 'channel',
    target: (_request, answer) => String((answer as { id?: number } | undefined)?.id ?? ''),
    state: (deps, _request, answer) => (answer === undefined ? null : channelSnapshot(deps, (answer as { id?: number }).id ?? 0)),
    detail: (request) => ({ from: paramId(request) }),
  },
  channelUpdated: { type: 'ChannelUpdated', ...channelFrom(bodyId) },
  channelDeleted: { type: 'ChannelDeleted', ...channelFrom(paramId) },
  channelsDeleted: { type: 'ChannelsDeleted', ...channelsBy((_deps, request) => idList(bodyOf(request).ids)) },
  disabledChannelsDeleted: {
    type: 'DisabledChannelsDeleted',
    ...channelsBy(async (deps) => (await deps.channels.all()).filter((channel) => channel.status !== 1).map((channel) => channel.id)),
  },
  channelAbilitiesFixed: { type: 'ChannelAbilitiesFixed', kind: 'channel', target: () => '*', detail: (_request, answer) => answer },
  channelKeyRevealed: { type: 'ChannelKeyRevealed', kind: 'channel', target: paramId },
  // new-api's channel test and balance routes are GETs, yet they store a test time, a response time and a balance.
  channelTested: {
    type: 'ChannelTested',
    ...channelMeasured,
    recordsFailure: true,
    detail: (request, answer) => ({ model: (request.query as { model?: string }).model ?? '', answered: answer }),
  },
  channelTestsStarted: { type: 'ChannelTestsStarted', kind: 'channel', target: () => '*' },
  channelBalanceUpdated: { type: 'ChannelBalanceUpdated', ...channelMeasured },
  channelBalancesUpdated: { type: 'ChannelBalancesUpdated', kind: 'channel', target: () => '*' },
  channelTagEnabled: { type: 'ChannelTagEnabled', ...channelsOfTag },
  channelTagDisabled: { type: 'ChannelTagDisabled', ...channelsOfTag },
  channelTagEdited: { type: 'ChannelTagEdited', ...channelsOfTag },
  channelKeysManaged: {
    type: 'ChannelKeysManaged',
    kind: 'channel',
    target: (request: FastifyRequest) => String(bodyOf(request).channel_id ?? ''),
    state: (deps: SnapshotDeps, request: FastifyRequest) => channelSnapshot(deps, asId(String(bodyOf(request).channel_id ?? ''))),
    detail: (request: FastifyRequest) => ({ action: bodyOf(request).action, key_index: bodyOf(request).key_index }),
  },
  channelUpstreamDetected: { type: 'ChannelUpstreamModelsDetected', ...channelFrom(bodyId) },
  channelUpstreamApplied: { type: 'ChannelUpstreamModelsApplied', ...channelFrom(bodyId), detail: (request) => ({ add_models: bodyOf(request).add_models, remove_models: bodyOf(request).remove_models, ignore_models: bodyOf(request).ignore_models }) },
  channelUpstreamDetectedAll: { type: 'ChannelUpstreamModelsDetected', kind: 'channel', target: () => '*' },
  channelUpstreamAppliedAll: { type: 'ChannelUpstreamModelsApplied', kind: 'channel', target: () => '*' },
  affinityCacheCleared: {
    type: 'ChannelAffinityCacheCleared',
    kind: 'option',
    target: (request: FastifyRequest) => ((request.query as { all?: string }).all === 'true' ? '*' : String((request.query as { rule_name?: unknown }).rule_name ?? '')),
    detail: (_request: FastifyRequest, answer: unknown) => answer,
  },
  channelsTagged: { type: 'ChannelsTagged', ...channelsNamed, detail: (request) => ({ tag: bodyOf(request).tag ?? null }) },
  optionUpdated: {
    type: 'OptionUpdated',
    kind: 'option',
    target: (request) => String(bodyOf(request).key ?? ''),
    state: (deps, request) => optionSnapshot(deps, String(bodyOf(request).key ?? '')),
  },
  modelRatiosReset: { type: 'ModelRatiosReset', kind: 'option', target: () => 'ModelRatio', state: (deps) => optionSnapshot(deps, 'ModelRatio') },
  paymentComplianceConfirmed: {
    type: 'PaymentComplianceConfirmed',
    kind: 'option',
    target: () => 'payment_setting.compliance_confirmed',
    state: (deps) => optionSnapshot(deps, 'payment_setting.compliance_terms_version'),
  },
  redemptionsCreated: {
    type: 'RedemptionsCreated',
    kind: 'redemption',
    target: async (_request, answer, deps) => (await redemptionIds(deps, answer)).join(','),
    state: async (deps, _request, answer) => (answer === undefined ? null : Promise.all((await redemptionIds(deps, answer)).map((id) => redemptionSnapshot(deps, id)))),
  },
  redemptionUpdated: { type: 'RedemptionUpdated', kind: 'redemption', target: bodyId, state: (deps, request) => redemptionSnapshot(deps, asId(bodyId(request))) },
  redemptionDeleted: { type: 'RedemptionDeleted', kind: 'redemption', target: paramId, state: (deps, request) => redemptionSnapshot(deps, asId(paramId(request))) },
  subscriptionPlanCreated: {
    type: 'SubscriptionPlanCreated',
    kind: 'subscription_plan',
    target: (_request, answer) => String((answer as { id?: number } | undefined)?.id ?? ''),
    state: (deps, _request, answer) => (answer === undefined ? null : planSnapshot(deps, (answer as { id?: number }).id ?? 0)),
  },
  subscriptionPlanUpdated: { type: 'SubscriptionPlanUpdated', kind: 'subscription_plan', target: paramId, state: (deps, request) => planSnapshot(deps, asId(paramId(request))) },
  subscriptionGranted: { type: 'SubscriptionGranted', kind: 'user', target: (request) => String(bodyOf(request).user_id ?? paramId(request)), detail: (request) => ({ plan_id: bodyOf(request).plan_id }) },
  subscriptionInvalidated: { type: 'SubscriptionInvalidated', kind: 'user_subscription', target: paramId, state: (deps, request) => deps.subscriptions.byId(asId(paramId(request))) },
  logsDeleted: {
    type: 'LogsDeleted',
    kind: 'log',
    target: () => '*',
    detail: (request, answer) => ({ before: (request.query as { target_timestamp?: string }).target_timestamp, deleted: answer }),
  },
} satisfies Record<string, AdminWrite>;

/** A user creation answers nothing: the new user is found by the name it was given. */
async function createdUserId(deps: SnapshotDeps, request: FastifyRequest): Promise<number> {
  return (await deps.users.byUsername(String(bodyOf(request).username ?? '')))?.id ?? 0;
}

/** A creation answers the new codes themselves: their ids, so the trail never holds a usable code. */
async function redemptionIds(deps: SnapshotDeps, answer: unknown): Promise<number[]> {
  const keys = Array.isArray(answer) ? answer.filter((key): key is string => typeof key === 'string') : [];
  const codes = await Promise.all(keys.map((key) => deps.redemptions.byKey(key)));
  return codes.flatMap((code) => (code ? [code.id] : []));
}

