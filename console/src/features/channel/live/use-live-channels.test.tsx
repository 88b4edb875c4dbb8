import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeSocket } from '../../../test/fake-socket';
import { useLiveChannels } from './use-live-channels';

describe('useLiveChannels', () => {
  it('marks the channel queries stale when a channel changes, and leaves others alone', () => {
    const client = new QueryClient();
    client.setQueryData(['channels', 0], { items: [] });
    client.setQueryData(['tokens', 0], { items: [] });
    const fake = fakeSocket();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useLiveChannels(['channels'], fake.connect), { wrapper });
    expect(client.getQueryState(['channels', 0])?.isInvalidated).toBe(false);
    fake.emit('channel', { id: 7 });
    expect(client.getQueryState(['channels', 0])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['tokens', 0])?.isInvalidated).toBe(false);
    unmount();
    expect(fake.isDisconnected()).toBe(true);
  });
});
