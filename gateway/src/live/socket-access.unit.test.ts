import type { Socket } from 'socket.io';
import { describe, expect, it, vi } from 'vitest';
import { admitSocketInBackground } from './socket-access.js';

describe('admitSocketInBackground', () => {
  it('logs a store failure met while admitting, with its stack, and disconnects the socket (the console reconnects and is checked afresh)', async () => {
    const failure = new Error('Connection is closed.');
    const socket = { data: { userId: 7, sessionKey: 's' }, join: vi.fn(async () => Promise.reject(failure)), disconnect: vi.fn() } as unknown as Socket;
    const log = { error: vi.fn() };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    admitSocketInBackground({} as Parameters<typeof admitSocketInBackground>[0], socket, log);
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled());
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(log.error).toHaveBeenCalledWith({ err: failure, task: 'admit a console socket' }, 'background task "admit a console socket" failed');
    expect(socket.disconnect).toHaveBeenCalledWith(true);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
