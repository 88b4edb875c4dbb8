import type { LogRow } from '@tollgate/analytics';
import { describe, expect, it } from 'vitest';
import { chdbHoldingLogs } from '../../../test/support/engines/chdb-logs.js';
import { ROOT_PASSWORD, buildApiHarness, login, signUp } from '../../../test/api-app.js';
import { newChannel } from '../../../test/fakes/relay-harness.js';
import { createAnalyticsUsageReader } from '../../adapters/analytics/analytics-usage-reader.js';
import { ChannelStatus } from '@tollgate/wire';

const thisMinute = Math.floor(Date.now() / 60_000) * 60;

function consumeRow(id: string, createdAt: number, quota: number): LogRow {
  return {
    id, type: 2, created_at: createdAt, user_id: 2, username: 'alice', token_id: 1, token_name: 'k', channel_id: 1, model_name: 'gpt-4o',
    quota, prompt_tokens: 5, completion_tokens: 7, use_time: 1, is_stream: false, content: '', other: '{}', group: 'default',
  };
}

const querier = chdbHoldingLogs('ops-route', [
    consumeRow('o1', thisMinute - 120, 10),
    consumeRow('o2', thisMinute - 110, 20),
    consumeRow('o3', thisMinute + 1, 30),
    consumeRow('o4', thisMinute - 2 * 3600, 99), // older than the hour
    { ...consumeRow('o5', thisMinute - 60, 500), type: 1 }, // a top-up is no traffic
  ]);

describe('GET /api/ops/', () => {
  it("answers administrators with the last hour's traffic per minute from the rollup and every channel's health, without keys", async () => {
    const { app, deps } = await buildApiHarness();
    deps.usage = createAnalyticsUsageReader(querier());
    const info = JSON.stringify({ status_reason: 'httpCode 401', status_time: 1_700_000_000 });
    await deps.channels.create(newChannel('http://127.0.0.1:1', { name: 'broken', key: 'sk-never-shown', status: ChannelStatus.AutoDisabled, otherInfo: info, testTime: 1_700_000_100, responseTime: 420 }));
    const root = await login(app, 'root', ROOT_PASSWORD);
    const { body } = await root.call<{ minutes: unknown[]; channels: unknown[] }>('GET', '/api/ops/');
    expect(body).toMatchObject({ success: true });
    expect(body.data.minutes).toEqual([
      { minute: thisMinute - 120, calls: 2, tokens: 24, quota: 30 },
      { minute: thisMinute, calls: 1, tokens: 12, quota: 30 },
    ]);
    expect(body.data.channels).toEqual([{ id: 1, name: 'broken', status: 3, testTime: 1_700_000_100, responseTime: 420, reason: 'httpCode 401', statusTime: 1_700_000_000, breaker: null, breakerHistory: [], keyBreakers: [] }]);
    expect(JSON.stringify(body)).not.toContain('sk-never-shown');
  });

  it('refuses a user who is not an administrator', async () => {
    const { app } = await buildApiHarness();
    const alice = await signUp(app, 'alice');
    const { status, body } = await alice.call('GET', '/api/ops/');
    expect(body.success).toBe(false);
    expect(body.data).toBeUndefined();
    expect(status).toBe(403);
  });
});
