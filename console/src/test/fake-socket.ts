import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';
import type { LiveSocket } from '../live/socket';

/** A tiny emitter standing in for the Socket.IO socket of the live hooks; it counts how often it was opened. */
export function fakeSocket() {
  const listeners = new Map<string, (payload?: unknown) => void>();
  let disconnected = false;
  let opened = 0;
  const socket: LiveSocket = {
    on: (event, listener) => listeners.set(event, listener as (payload?: unknown) => void),
    disconnect: () => {
      disconnected = true;
      listeners.clear();
    },
  };
  const connect = () => {
    opened += 1;
    disconnected = false;
    return socket;
  };
  const emit = (event: string, payload?: unknown) => act(() => listeners.get(event)?.(payload));
  return { connect, emit, isDisconnected: () => disconnected, opened: () => opened };
}

/** Silences the console's report of refused pushes (live/live-channel.ts) in a test that sends one on purpose, and returns the spy to assert on. */
export function expectRefusedPushes() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}
