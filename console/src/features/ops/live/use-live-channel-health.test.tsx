import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { expectRefusedPushes, fakeSocket } from '../../../test/fake-socket';
import { opsSeedQueryKey } from '../api';
import type { ChannelHealth, OpsSeed } from '@tollgate/wire';
import { healthEventsOf, OPS_CHANNEL_EVENT, patchChannel, useLiveChannelHealth } from './use-live-channel-health';

const enabled: ChannelHealth = { id: 2, name: 'main', status: 1, testTime: 0, responseTime: 0, reason: null, statusTime: null };
const autoDisabled: ChannelHealth = { ...enabled, status: 3, reason: 'invalid key', statusTime: 1_700_000_000 };

const opened = { state: 'open' as const, change: 'opened' as const, until: 40_000, reason: 'httpCode 500', at: 10_000 };
const halfOpen = { state: 'half-open' as const, change: 'half-open' as const, until: 70_000, reason: 'cool-down over', at: 40_000 };
const closed = { state: 'closed' as const, change: 'closed' as const, until: 0, reason: 'probe answered', at: 40_050 };

describe('healthEventsOf', () => {
  it('sees an automatic switch-off with its reason and time, and a re-enable', () => {
    expect(healthEventsOf(enabled, autoDisabled, 5)).toEqual([{ kind: 'disabled', channelId: 2, name: 'main', reason: 'invalid key', at: 1_700_000_000_000 }]);
    expect(healthEventsOf(autoDisabled, enabled, 5)).toEqual([{ kind: 'enabled', channelId: 2, name: 'main', reason: '', at: 5 }]);
  });

  it("sees each of a breaker's transitions once, with its reason and time", () => {
    const open = { ...enabled, breaker: opened, breakerHistory: [opened] };
    const probing = { ...enabled, breaker: halfOpen, breakerHistory: [opened, halfOpen] };
    expect(healthEventsOf(enabled, open, 5)).toEqual([{ kind: 'opened', channelId: 2, name: 'main', reason: 'httpCode 500', at: 10_000 }]);
    expect(healthEventsOf(open, probing, 5)).toEqual([{ kind: 'half-open', channelId: 2, name: 'main', reason: 'cool-down over', at: 40_000 }]);
    expect(healthEventsOf(probing, { ...probing, testTime: 9 }, 5)).toEqual([]);
  });

  it('sees every transition one push carries: a probe claimed and answered before the channel was read', () => {
    const open = { ...enabled, breaker: opened, breakerHistory: [opened] };
    const recovered = { ...enabled, breaker: closed, breakerHistory: [opened, halfOpen, closed] };
    expect(healthEventsOf(open, recovered, 5).map((e) => [e.kind, e.reason])).toEqual([['half-open', 'cool-down over'], ['closed', 'probe answered']]);
    // The same row pushed again (the second transition's notice) adds nothing.
    expect(healthEventsOf(recovered, recovered, 5)).toEqual([]);
  });

  it("names the key of a multi-key channel whose own breaker made the transition", () => {
    const keyOpened = { ...opened, keyIndex: 1 };
    const open = { ...enabled, breaker: keyOpened, breakerHistory: [keyOpened] };
    expect(healthEventsOf(enabled, open, 5)).toEqual([{ kind: 'opened', channelId: 2, name: 'main', keyIndex: 1, reason: 'httpCode 500', at: 10_000 }]);
    expect(healthEventsOf(enabled, { ...enabled, breaker: opened, breakerHistory: [opened] }, 5)[0]?.keyIndex).toBeUndefined();
  });

  it('sees nothing in a test result, an edit, or a switch-off by hand', () => {
    expect(healthEventsOf(enabled, { ...enabled, testTime: 9, responseTime: 120 }, 5)).toEqual([]);
    expect(healthEventsOf(autoDisabled, autoDisabled, 5)).toEqual([]);
    expect(healthEventsOf(enabled, { ...enabled, status: 2 }, 5)).toEqual([]);
  });
});

describe('patchChannel', () => {
  it("keeps the newer breaker when a push read before another arrives after it", () => {
    const seed: OpsSeed = { minutes: [], channels: [{ ...enabled, breaker: closed, breakerHistory: [opened, halfOpen, closed] }] };
    const late = { ...enabled, testTime: 9, breaker: halfOpen, breakerHistory: [opened, halfOpen] };
    expect(patchChannel(seed, late)?.channels[0]).toMatchObject({ testTime: 9, breaker: closed, breakerHistory: [opened, halfOpen, closed] });
    const keyOpen = { ...opened, keyIndex: 1, at: 50_000 };
    const withKey: OpsSeed = { minutes: [], channels: [{ ...enabled, breaker: keyOpen, breakerHistory: [keyOpen], keyBreakers: [keyOpen] }] };
    expect(patchChannel(withKey, { ...late, keyBreakers: [] })?.channels[0]?.keyBreakers).toEqual([keyOpen]);
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

  it('lists each breaker transition of a push that carries several, newest first', () => {
    const client = new QueryClient();
    client.setQueryData<OpsSeed>(opsSeedQueryKey, { minutes: [], channels: [{ ...enabled, breaker: opened, breakerHistory: [opened] }] });
    const fake = fakeSocket();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, unmount } = renderHook(() => useLiveChannelHealth(fake.connect), { wrapper });
    const recovered = { ...enabled, breaker: closed, breakerHistory: [opened, halfOpen, closed] };
    fake.emit(OPS_CHANNEL_EVENT, recovered);
    fake.emit(OPS_CHANNEL_EVENT, recovered);
    expect(result.current.events.map((e) => e.kind)).toEqual(['closed', 'half-open']);
    expect(client.getQueryData<OpsSeed>(opsSeedQueryKey)?.channels[0]?.breaker).toEqual(closed);
    unmount();
  });
});
