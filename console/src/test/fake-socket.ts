import { act } from '@testing-library/react';
import type { LiveSocket } from '../live/socket';

/** A tiny emitter standing in for the Socket.IO socket of the live hooks. */
export function fakeSocket() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  let disconnected = false;
  const socket: LiveSocket = {
    on: (event, listener) => listeners.set(event, listener as (payload?: unknown) => void),
    disconnect: () => {
      disconnected = true;
    },
  };
  const emit = (event: string, payload?: unknown) => act(() => listeners.get(event)?.(payload));
  return { connect: () => socket, emit, isDisconnected: () => disconnected };
}
