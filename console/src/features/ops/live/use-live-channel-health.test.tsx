import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { opsSeedQueryKey } from '../api';
import type { ChannelHealth, OpsSeed } from '@tollgate/wire';
import { healthEventOf, OPS_CHANNEL_EVENT, useLiveChannelHealth } from './use-live-channel-health';

const enabled: ChannelHealth = { id: 2, name: 'main', status: 1, testTime: 0, responseTime: 0, reason: null, statusTime: null };
const autoDisabled: ChannelHealth = { ...enabled, status: 3, reason: 'invalid key', statusTime: 1_700_000_000 };

describe('healthEventOf', () => {
  it('sees an automatic switch-off with its reason and time, and a re-enable', () => {
    expect(healthEventOf(enabled, autoDisabled, 5)).toEqual({ kind: 'disabled', channelId: 2, name: 'main', reason: 'invalid key', at: 1_700_000_000_000 });
    expect(healthEventOf(autoDisabled, enabled, 5)).toEqual({ kind: 'enabled', channelId: 2, name: 'main', reason: '', at: 5 });
  });

  it("sees each of a breaker's transitions once, with its reason and time", () => {
    const opened = { ...enabled, breaker: { state: 'open' as const, change: 'opened' as const, until: 40_000, reason: 'httpCode 500', at: 10_000 } };
    const halfOpen = { ...enabled, breaker: { state: 'half-open' as const, change: 'half-open' as const, until: 70_000, reason: '', at: 40_000 } };
    expect(healthEventOf(enabled, opened, 5)).toEqual({ kind: 'opened', channelId: 2, name: 'main', reason: 'httpCode 500', at: 10_000 });
    expect(healthEventOf(opened, halfOpen, 5)).toMatchObject({ kind: 'half-open', at: 40_000 });
    expect(healthEventOf(halfOpen, { ...halfOpen, testTime: 9 }, 5)).toBeNull();
  });

  it('sees nothing in a test result, an edit, or a switch-off by hand', () => {
    expect(healthEventOf(enabled, { ...enabled, testTime: 9, responseTime: 120 }, 5)).toBeNull();
    expect(healthEventOf(autoDisabled, autoDisabled, 5)).toBeNull();
    expect(healthEventOf(enabled, { ...enabled, status: 2 }, 5)).toBeNull();
  });
});

describe('useLiveChannelHealth', () => {
  it('patches the channel in the seed and records the switch-off; counts malformed pushes and applies none', () => {
    expectRefusedPushes();
    const client = new QueryClient();
    client.setQueryData<OpsSeed>(opsSeedQueryKey, { minutes: [], channels: [enabled, { ...enabled, id: 3, name: 'spare' }] });
    const fake = fakeSocket();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, unmount } = renderHook(() => useLiveChannelHealth(fake.connect), { wrapper });
    fake.emit(OPS_CHANNEL_EVENT, { id: 2, status: 'broken' });
    fake.emit(OPS_CHANNEL_EVENT, autoDisabled);
    expect(client.getQueryData<OpsSeed>(opsSeedQueryKey)?.channels.map((c) => [c.id, c.status])).toEqual([[2, 3], [3, 1]]);
    expect(result.current.events.map((e) => [e.kind, e.reason])).toEqual([['disabled', 'invalid key']]);
    expect(result.current.rejected).toBe(1);
    unmount();
    expect(fake.isDisconnected()).toBe(true);
  });
});
