import { newEventMetadata } from '@tollgate/ledger';
import type { LedgerEvent } from '@tollgate/wire';

/** September 2026, UTC: the statement's period. */
export const periodStart = Date.UTC(2026, 8, 1) / 1000;
export const periodEnd = Date.UTC(2026, 9, 1) / 1000;
const monthMs = (periodEnd - periodStart) * 1000;
const before = (periodStart - 86_400) * 1000;
const after = (periodEnd + 3_600) * 1000;

export const USERS = 41;
export const MODELS = ['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'gemini-1.5-pro'] as const;
export const ADMIN_ID = 1;

const username = (userId: number) => `user${userId}`;
const meta = (at: number) => newEventMetadata(at);

/** Quota credited to each user before the period: the opening balance. */
export const OPENING_GRANT = 50_000_000;

/** What one call costs, by its index: deterministic, so the expected balances are sums the test can make. */
export const callQuota = (i: number) => 1 + (i % 97);
export const callUser = (i: number) => 1 + (i % USERS);

const monthExpr = (calls: number) => ({ start: periodStart * 1000, month: monthMs, calls });

/**
 * The calls as one bulk INSERT ... SELECT into the kept history (`ledger_movements`, the rows
 * `movementRowOf` makes): call i (0-based) is user callUser(i), costs callQuota(i), uses
 * MODELS[i % 4], and happens at start + i × month / calls (integer milliseconds), at log offset
 * `firstOffset` + i. The payload is the relay's UsageRecorded, field for field.
 */
export function clickhouseMovementsInsert(calls: number, firstOffset: number): { sql: string; params: Record<string, number> } {
  const models = `[${MODELS.map((model) => `'${model}'`).join(', ')}]`;
  const sql = `
    INSERT INTO ledger_movements (user_id, event_id, type, occurred_at, log_partition, log_offset, first_copy, quota, username, payload)
    SELECT user, concat('call-', toString(number)), 'UsageRecorded', at, 0, offset, toUInt64(pow(2, 63)) - offset, -cost, concat('user', toString(user)),
           concat('{"type":"UsageRecorded","data":{"requestId":"r', toString(number), '","holdId":"h', toString(number),
                  '","userId":', toString(user), ',"username":"user', toString(user), '","tokenId":', toString(user),
                  ',"tokenName":"default","channelId":', toString(1 + number % 3), ',"model":"', ${models}[number % ${MODELS.length} + 1],
                  '","group":"default","promptTokens":10,"completionTokens":20,"quota":', toString(cost),
                  ',"isStream":false,"useTimeMs":100,"content":"","other":{"model_ratio":1,"completion_ratio":1,"group_ratio":1,"model_price":-1,"frt":10}}',
                  ',"metadata":{"eventId":"call-', toString(number), '","occurredAt":', toString(at), ',"version":1}}')
    FROM (SELECT number, 1 + number % ${USERS} AS user, 1 + number % 97 AS cost, {first:UInt64} + number AS offset,
                 toInt64({start:UInt64} + intDiv(number * {month:UInt64}, {calls:UInt64})) AS at
          FROM numbers({calls:UInt64}))`;
  return { sql, params: { ...monthExpr(calls), first: firstOffset } };
}

/** The log rows the ingestion makes of those calls (eventToLogRow), as one INSERT ... SELECT into ClickHouse. */
export function clickhouseCallsInsert(calls: number): { sql: string; params: Record<string, number> } {
  const models = `[${MODELS.map((model) => `'${model}'`).join(', ')}]`;
  const sql = `
    INSERT INTO logs (id, created_at, type, user_id, username, token_id, token_name, channel_id, model_name, quota, prompt_tokens,
                      completion_tokens, use_time, is_stream, content, other, \`group\`)
    SELECT concat('call-', toString(number)), toDateTime(intDiv({start:UInt64} + intDiv(number * {month:UInt64}, {calls:UInt64}), 1000)), 2,
           1 + number % ${USERS}, concat('user', toString(1 + number % ${USERS})), 1 + number % ${USERS}, 'default', 1 + number % 3,
           ${models}[number % ${MODELS.length} + 1], 1 + number % 97, 10, 20, 0, false, '', '{}', 'default'
    FROM numbers({calls:UInt64})`;
  return { sql, params: monthExpr(calls) };
}

/**
 * Everything but the calls, per user: an opening grant and a call before the period; in it an
 * online payment, a code, an admin raise and cut, an invite reward and its transfer, a refund;
 * after it a top-up the statement must leave out. Each comes with its effect on the closing balance.
 */
export function otherActivity(userId: number): { events: LedgerEvent[]; inPeriodNet: number; openingNet: number } {
  const name = username(userId);
  const at = (day: number) => periodStart * 1000 + day * 86_400_000 + userId * 1000;
  const payment = { ...meta(at(2)), eventId: `top-up-T${userId}` };
  const events: LedgerEvent[] = [
    { type: 'QuotaGranted', data: { userId, username: name, amount: OPENING_GRANT, logType: 4, content: 'new user' }, metadata: meta(before) },
    { type: 'QuotaGranted', data: { userId, username: name, amount: 1_000_000, logType: 1, content: '使用在线充值成功', source: 'payment' }, metadata: payment },
    { type: 'QuotaGranted', data: { userId, username: name, amount: 500_000, logType: 1, content: '通过兑换码充值', source: 'redemption' }, metadata: meta(at(5)) },
    { type: 'QuotaAdjusted', data: { userId, username: name, adminId: ADMIN_ID, delta: 250_000, content: '管理员增加额度' }, metadata: meta(at(8)) },
    { type: 'QuotaAdjusted', data: { userId, username: name, adminId: ADMIN_ID, delta: -100_000, content: '管理员减少额度' }, metadata: meta(at(9)) },
    { type: 'InviterRewarded', data: { userId, username: name, inviteeId: 1000 + userId, amount: 30_000, content: '邀请用户赠送' }, metadata: meta(at(10)) },
    { type: 'AffQuotaTransferred', data: { userId, username: name, holdId: `aff-${userId}`, amount: 30_000, content: '邀请额度划转' }, metadata: meta(at(11)) },
    { type: 'TaskRefunded', data: { taskId: `task-${userId}`, userId, username: name, tokenId: userId, channelId: 1, quota: 7_000, content: '任务失败退款' }, metadata: meta(at(12)) },
    { type: 'QuotaGranted', data: { userId, username: name, amount: 999, logType: 1, content: 'after the period', source: 'redemption' }, metadata: meta(after) },
  ];
  return { events, openingNet: OPENING_GRANT, inPeriodNet: 1_000_000 + 500_000 + 250_000 - 100_000 + 30_000 + 7_000 };
}
