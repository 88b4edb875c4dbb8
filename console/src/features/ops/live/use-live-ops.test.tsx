import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { OPS_EVENT, useLiveOps } from './use-live-ops';

const snapshot = {
  at: 1, now: { rpm: 4, tpm: 48, spendPerMinute: 48, errorRate: 0.25 }, minutes: [], channels: [], models: [], topUsers: [], topTokens: [],
  fleet: [{ id: 'gw', version: 'v0.1.0', startedAt: 0, seenAt: 1, eventLoopUtilization: 0.1, inFlight: 0 }],
};

describe('useLiveOps', () => {
  it('keeps the latest pushed view and the connection state, and counts a malformed push instead of showing it', () => {
    expectRefusedPushes();
    const fake = fakeSocket();
    const { result } = renderHook(() => useLiveOps(fake.connect));
    expect(result.current.snapshot).toBeNull();
    fake.emit('connect');
    fake.emit(OPS_EVENT, snapshot);
    fake.emit(OPS_EVENT, { ...snapshot, now: { rpm: 'many' } });
    expect(result.current).toMatchObject({ isConnected: true, error: null, rejected: 1, snapshot: { now: { rpm: 4, errorRate: 0.25 } } });
    fake.emit('connect_error', new Error('unauthorized'));
    expect(result.current.error?.message).toBe('unauthorized');
  });
});
