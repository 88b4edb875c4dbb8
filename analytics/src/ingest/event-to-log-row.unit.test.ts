import { describe, expect, it } from 'vitest';
import {
  fixtureEpochMs,
  quotaAdjusted,
  quotaGranted,
  tokenQuotaSet,
  usageRecorded,
} from '../testing/ledger-event-fixtures.js';
import { newEventMetadata } from '@tollgate/ledger';
import type { TaskRefunded } from '@tollgate/wire';
import { eventToLogRow } from './event-to-log-row.js';

const seconds = fixtureEpochMs / 1000;

describe('eventToLogRow', () => {
  it('maps UsageRecorded to a consume row (type 2) with whole seconds', () => {
    const event = usageRecorded({ useTimeMs: 2999, isStream: true }, fixtureEpochMs + 999);
    expect(eventToLogRow(event)).toEqual({
      id: event.metadata.eventId,
      created_at: seconds,
      type: 2,
      user_id: 1,
      username: 'alice',
      token_id: 10,
      token_name: 'default',
      channel_id: 3,
      model_name: 'gpt-4o-mini',
      quota: 75,
      prompt_tokens: 100,
      completion_tokens: 50,
      use_time: 2,
      is_stream: true,
      content: event.data.content,
      other: '{"model_ratio":0.075,"completion_ratio":4,"group_ratio":1,"model_price":-1,"frt":320}',
      group: 'default',
    });
  });

  it('makes no row of a call billed while consume logging was off, and a row when the flag says logged or is absent', () => {
    expect(eventToLogRow(usageRecorded({ logged: false }))).toBeNull();
    expect(eventToLogRow(usageRecorded({ logged: true }))).toMatchObject({ type: 2 });
    expect(eventToLogRow(usageRecorded())).toMatchObject({ type: 2 });
  });

  it('keeps extra keys of the usage `other` JSON', () => {
    const event = usageRecorded({
      other: { model_ratio: 1, completion_ratio: 1, group_ratio: 1, model_price: -1, frt: 0, ws: true },
    });
    expect(JSON.parse(eventToLogRow(event)?.other ?? '{}')).toMatchObject({ ws: true });
  });

  it('maps QuotaAdjusted to an admin row (type 3) with the signed delta and its text', () => {
    const event = quotaAdjusted({ delta: -250, content: '管理员将用户额度从 500 修改为 250' });
    expect(eventToLogRow(event)).toMatchObject({
      type: 3,
      user_id: 1,
      quota: -250,
      content: '管理员将用户额度从 500 修改为 250',
      other: '{"admin_id":9}',
      token_name: '',
      model_name: '',
      is_stream: false,
    });
  });

  it.each([
    [1, 'top-up'],
    [4, 'system'],
  ] as const)('maps QuotaGranted with logType %i to a %s row, its `other` empty as new-api writes it', (logType, _label) => {
    const event = quotaGranted({ logType, amount: 1234 });
    expect(eventToLogRow(event)).toMatchObject({ type: logType, quota: 1234, content: event.data.content, other: '' });
  });

  it('logs nothing for TokenQuotaSet', () => {
    expect(eventToLogRow(tokenQuotaSet())).toBeNull();
  });

  it('maps TaskRefunded to a system row (type 4) with the refund and the task id', () => {
    const refund: TaskRefunded = {
      type: 'TaskRefunded',
      data: { taskId: 'mj-9', userId: 1, username: 'alice', tokenId: 10, channelId: 100, quota: 50_000, content: '构图失败 mj-9，补偿 50000' },
      metadata: { ...newEventMetadata(fixtureEpochMs), occurredAt: fixtureEpochMs },
    };
    expect(eventToLogRow(refund)).toMatchObject({ type: 4, user_id: 1, username: 'alice', quota: 50_000, content: '构图失败 mj-9，补偿 50000', created_at: seconds, other: '{"task_id":"mj-9"}' });
  });

  it('writes the invite rows as new-api: the reward with quota 0 (it went to the invite account), a transfer with its amount', () => {
    const metadata = newEventMetadata(fixtureEpochMs);
    const reward = { type: 'InviterRewarded', data: { userId: 1, username: 'alice', inviteeId: 2, amount: 500, content: '邀请用户赠送 500 点额度' }, metadata } as const;
    const transfer = { type: 'AffQuotaTransferred', data: { userId: 1, username: 'alice', holdId: 'aff-1', amount: 300, content: '邀请额度划转 300 点额度' }, metadata } as const;
    const migrated = { type: 'AffQuotaMigrated', data: { userId: 1, affQuota: 1, affHistoryQuota: 1, affCount: 1 }, metadata } as const;
    expect(eventToLogRow(reward)).toMatchObject({ type: 4, user_id: 1, quota: 0, content: '邀请用户赠送 500 点额度', other: '' });
    expect(eventToLogRow(transfer)).toMatchObject({ type: 4, user_id: 1, quota: 300, content: '邀请额度划转 300 点额度', other: '' });
    expect(eventToLogRow(migrated)).toBeNull();
  });
});
