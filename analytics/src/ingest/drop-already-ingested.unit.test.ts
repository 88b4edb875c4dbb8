import { describe, expect, it } from 'vitest';
import { CapturingQuerier } from '../testing/capturing-querier.js';
import { dropAlreadyIngested } from './drop-already-ingested.js';
import type { LogRow } from './log-row.js';

function row(id: string, userId: number, createdAt: number): LogRow {
  return {
    id,
    created_at: createdAt,
    type: 2,
    user_id: userId,
    username: 'u',
    token_id: 1,
    token_name: 't',
    channel_id: 1,
    model_name: 'm',
    quota: 1,
    prompt_tokens: 1,
    completion_tokens: 1,
    use_time: 1,
    is_stream: false,
    content: '',
    other: '{}',
    group: 'default',
  };
}

describe('dropAlreadyIngested', () => {
  it('looks up the batch by users, time span and ids, and drops the stored ones', async () => {
    const querier = new CapturingQuerier(() => [{ id: 'b' }]);
    const kept = await dropAlreadyIngested(querier, [row('a', 1, 30), row('b', 2, 10), row('c', 1, 20)]);
    expect(kept.map((r) => r.id)).toEqual(['a', 'c']);
    expect(querier.queries[0]?.params).toEqual({ userIds: '[1,2]', from: 10, to: 30, ids: '["a","b","c"]' });
    expect(querier.queries[0]?.sql).toContain("id IN (SELECT arrayJoin(JSONExtract({ids:String}, 'Array(String)')))");
  });

  it('keeps the first copy of an event repeated within the batch', async () => {
    const querier = new CapturingQuerier();
    const kept = await dropAlreadyIngested(querier, [row('a', 1, 1), row('a', 1, 1)]);
    expect(kept).toHaveLength(1);
  });

  it('does not query for an empty batch', async () => {
    const querier = new CapturingQuerier();
    expect(await dropAlreadyIngested(querier, [])).toEqual([]);
    expect(querier.queries).toEqual([]);
  });
});
