import { LogType, type LedgerEvent, type QuotaAdjusted, type QuotaGranted, type InviterRewarded, type AffQuotaTransferred, type TaskRefunded, type UsageRecorded, type SubscriptionPurchased } from '@tollgate/wire';
import type { LogRow } from './log-row.js';

/** The columns a row not tied to a request leaves empty. */
const noRequest = {
  token_id: 0,
  token_name: '',
  channel_id: 0,
  model_name: '',
  prompt_tokens: 0,
  completion_tokens: 0,
  use_time: 0,
  is_stream: false,
  group: '',
} as const;

function toSeconds(milliseconds: number): number {
  return Math.floor(milliseconds / 1000);
}

/** A call a subscription paid for says so in `other`, as new-api's consume rows name their billing source. */
function otherOf(data: UsageRecorded['data']): UsageRecorded['data']['other'] {
  return data.subscriptionId === undefined ? data.other : { ...data.other, billing_source: 'subscription', subscription_id: data.subscriptionId };
}

function consumeRow({ data, metadata }: UsageRecorded): LogRow {
  return {
    id: metadata.eventId,
    created_at: toSeconds(metadata.occurredAt),
    type: LogType.Consume,
    user_id: data.userId,
    username: data.username,
    token_id: data.tokenId,
    token_name: data.tokenName,
    channel_id: data.channelId,
    model_name: data.model,
    quota: data.quota,
    prompt_tokens: data.promptTokens,
    completion_tokens: data.completionTokens,
    use_time: toSeconds(data.useTimeMs),
    is_stream: data.isStream,
    content: data.content,
    other: JSON.stringify(otherOf(data)),
    group: data.group,
  };
}

function adminRow({ data, metadata }: QuotaAdjusted): LogRow {
  return {
    ...noRequest,
    id: metadata.eventId,
    created_at: toSeconds(metadata.occurredAt),
    type: LogType.Admin,
    user_id: data.userId,
    username: data.username,
    quota: data.delta,
    // The producer already wrote the sentence the log page shows.
    content: data.content,
    // Kept so an audit can tell which admin acted; the spec's row has no column for it.
    other: JSON.stringify({ admin_id: data.adminId }),
  };
}

function grantRow({ data, metadata }: QuotaGranted): LogRow {
  return {
    ...noRequest,
    id: metadata.eventId,
    created_at: toSeconds(metadata.occurredAt),
    type: data.logType,
    user_id: data.userId,
    username: data.username,
    quota: data.amount,
    content: data.content,
    // new-api's RecordLog leaves `other` empty on top-up and system rows.
    other: '',
  };
}

/** A system row (type 4) on one user: a task refund or an invite row. */
function systemRow(event: TaskRefunded | InviterRewarded | AffQuotaTransferred | SubscriptionPurchased, quota: number, other: string): LogRow {
  const { data, metadata } = event;
  return {
    ...noRequest,
    id: metadata.eventId,
    created_at: toSeconds(metadata.occurredAt),
    type: LogType.System,
    user_id: data.userId,
    username: data.username,
    quota,
    content: data.content,
    other,
  };
}

/** The log row an event shows on the log page, or null for events the log page does not list. */
export function eventToLogRow(event: LedgerEvent): LogRow | null {
  switch (event.type) {
    case 'UsageRecorded':
      return event.data.logged === false ? null : consumeRow(event);
    case 'QuotaAdjusted':
      return adminRow(event);
    case 'QuotaGranted':
      return grantRow(event);
    case 'TaskRefunded':
      return systemRow(event, event.data.quota, JSON.stringify({ task_id: event.data.taskId }));
    // Invite rows as new-api writes them: the reward shows quota 0 (it went to the invite account), a transfer its amount.
    case 'InviterRewarded':
      return systemRow(event, 0, '');
    case 'AffQuotaTransferred':
      return systemRow(event, event.data.amount, '');
    case 'SubscriptionPurchased':
      return systemRow(event, event.data.price, JSON.stringify({ subscription_id: event.data.subscriptionId, plan_id: event.data.planId }));
    case 'TokenQuotaSet':
    case 'AffQuotaMigrated':
    case 'OpeningBalanceRecorded':
      return null;
  }
}
