import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { matchesTail, type TailRow, useLogTail } from './use-log-tail';

const row = (id: number, fields: Partial<TailRow> = {}): TailRow => ({
  id: String(id), created_at: 1, type: 2, content: '', user_id: 4, username: 'dora', token_id: 9, token_name: 'k', model_name: 'gpt-4o', quota: 12,
  prompt_tokens: 5, completion_tokens: 7, use_time: 1, is_stream: false, group: 'default', other: '{}', channel: 3, ...fields,
});

describe('useLogTail', () => {
  it('shows pushed rows newest first; while paused holds them aside and shows them on resume', () => {
    expectRefusedPushes();
    const fake = fakeSocket();
    const { result, rerender } = renderHook(({ paused }) => useLogTail(paused, fake.connect), { initialProps: { paused: false } });
    fake.emit('log', row(1));
    fake.emit('log', { id: '2' });
    expect(result.current.rows.map((r) => r.id)).toEqual(['1']);
    rerender({ paused: true });
    fake.emit('log', row(2));
    fake.emit('log', row(3));
    expect(result.current.rows.map((r) => r.id)).toEqual(['1']);
    expect(result.current.waiting).toBe(2);
    rerender({ paused: false });
    expect(result.current.rows.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(result.current.waiting).toBe(0);
    expect(result.current.rejected).toBe(1);
  });

  it("adds up the rows the gateways left out under load, and counts a malformed count as refused, not as rows", () => {
    expectRefusedPushes();
    const fake = fakeSocket();
    const { result } = renderHook(() => useLogTail(false, fake.connect));
    expect(result.current.dropped).toBe(0);
    fake.emit('log_dropped', { rows: 30 });
    fake.emit('log_dropped', { rows: 'many' });
    fake.emit('log_dropped', { rows: 12 });
    expect(result.current.dropped).toBe(42);
    expect(result.current.rejected).toBe(1);
  });
});

describe('matchesTail', () => {
  it('filters by model (part of the name), username and channel id or part of its name', () => {
    const none = { model: '', username: '', channel: '' };
    expect(matchesTail(row(1), none)).toBe(true);
    expect(matchesTail(row(1), { ...none, model: '4o' })).toBe(true);
    expect(matchesTail(row(1), { ...none, model: 'claude' })).toBe(false);
    expect(matchesTail(row(1), { ...none, username: 'eve' })).toBe(false);
    expect(matchesTail(row(1), { ...none, channel: '3' })).toBe(true);
    expect(matchesTail(row(1), { ...none, channel: '4' })).toBe(false);
    expect(matchesTail(row(1, { channel_name: 'east-main' }), { ...none, channel: 'east' })).toBe(true);
    expect(matchesTail(row(1, { channel_name: 'east-main' }), { ...none, channel: 'west' })).toBe(false);
  });
});
