import { describe, expect, it } from 'vitest';
import { livePushSchemas, type LivePushes } from './live-pushes.js';

/** One payload per push as the gateway sends it. */
const sent: LivePushes = {
  balance: { userId: 7, quota: 500, usedQuota: 25, requestCount: 3 },
  log: {
    id: '0190-a', created_at: 1_700_000_000, type: 2, content: '', user_id: 7, username: 'amy', token_id: 2, token_name: 'ci', model_name: 'gpt-4o',
    quota: 12, prompt_tokens: 5, completion_tokens: 7, use_time: 1, is_stream: true, group: 'default', other: '{}', channel: 3, channel_name: 'main',
  },
  log_dropped: { rows: 12 },
  throughput: { rpm: 2, tpm: 40 },
  throughput_all: { rpm: 9, tpm: 300 },
  ops: {
    at: 1_700_000_000_000,
    now: { rpm: 1, tpm: 2, spendPerMinute: 3, errorRate: 0 },
    minutes: [{ minute: 1_700_000_000, calls: 1, errors: 0, tokens: 12, quota: 12 }],
    channels: [{ key: '3', calls: 1, errors: { '429': 1 }, tokens: 12, quota: 12, p50Ms: 80, p95Ms: 90, firstTokenP50Ms: null, firstTokenP95Ms: null }],
    models: [],
    topUsers: [{ id: 7, name: 'amy', quota: 12, calls: 1 }],
    topTokens: [],
    fleet: [{ id: 'g1', version: '1.0.0', startedAt: 1, seenAt: 2, eventLoopUtilization: 0.1, inFlight: 0 }],
  },
  ops_channel: { id: 3, name: 'main', status: 3, testTime: 0, responseTime: 0, reason: 'status 401', statusTime: 1_700_000_000 },
  ops_ledger_audit: { ranAt: 1_700_000_000_000, clean: false, settled: true, driftCount: 2, mismatchCount: 0, address: 'scheduled', link: '/audit/ledger' },
  channel: { id: null },
  task: {
    platform: 'suno',
    row: { id: 4, created_at: 1, task_id: 's1', platform: 'suno', user_id: 7, channel_id: 3, quota: 10, action: 'MUSIC', status: 'IN_PROGRESS', fail_reason: '', submit_time: 1, start_time: 1, finish_time: 0, progress: '50%', data: null },
  },
};

/** The first object key of a payload's own fields (nested objects aside), renamed as a careless change would. */
function renameFirstField(payload: object): Record<string, unknown> {
  const [first, ...rest] = Object.entries(payload);
  if (!first) throw new Error('no field');
  return { [`${first[0]}_renamed`]: first[1], ...Object.fromEntries(rest) };
}

describe('live pushes', () => {
  it('parse as sent, through JSON as Socket.IO carries them', () => {
    for (const [name, schema] of Object.entries(livePushSchemas)) {
      const payload = sent[name as keyof LivePushes];
      expect(schema.parse(JSON.parse(JSON.stringify(payload))), name).toEqual(payload);
    }
  });

  it('fail to parse when a field is renamed, so the change shows in one place instead of pushes dropping silently', () => {
    for (const [name, schema] of Object.entries(livePushSchemas)) {
      expect(schema.safeParse(renameFirstField(sent[name as keyof LivePushes])).success, name).toBe(false);
    }
  });

  it('fail to parse when a field changes type', () => {
    expect(livePushSchemas.balance.safeParse({ ...sent.balance, quota: '500' }).success).toBe(false);
    expect(livePushSchemas.log.safeParse({ ...sent.log, created_at: '2024-01-01' }).success).toBe(false);
    expect(livePushSchemas.ops_channel.safeParse({ ...sent.ops_channel, reason: undefined }).success).toBe(false);
  });
});
