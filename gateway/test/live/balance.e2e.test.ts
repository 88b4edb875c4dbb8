import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalancePushed } from '@tollgate/wire';
import { type ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/** Step 6: a console connected over Socket.IO sees its balance change without reloading. */
describe('live balance over Socket.IO', () => {
  let fixture: EmbeddedFixture;
  let carol: ConsoleClient;
  let socket: Socket;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: 4, completionTokens: 6 });
    await addMockChannel(fixture);
    carol = await userWithQuota(fixture, 'carol', 10_000);
  });

  afterAll(async () => {
    socket?.disconnect();
    await fixture?.close();
  });

  it('refuses a socket without a session', async () => {
    const anonymous = io(fixture.tollgate.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    const error = await new Promise<Error>((resolve) => anonymous.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
    anonymous.disconnect();
  });

  it('pushes the new balance after a relayed call', async () => {
    socket = io(fixture.tollgate.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: carol.sessionCookie() } });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const pushed = new Promise<BalancePushed>((resolve) => socket.on('balance', resolve));
    const logRow = new Promise<{ user_id: number; quota: number }>((resolve) => socket.on('log', resolve));
    const { key } = await createTokenKey(carol, { name: 'live', remain_quota: 5000, expired_time: -1 });
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    expect(await pushed).toMatchObject({ quota: 10_000 - 10, usedQuota: 10, requestCount: 1 });
    expect(await logRow).toMatchObject({ user_id: carol.userId, quota: 10 });
  });

  it("pushes the last minute of RPM and TPM every second: the user's own, and everyone's to admins", async () => {
    const own = await new Promise<{ rpm: number; tpm: number }>((resolve) => socket.once('throughput', resolve));
    expect(own).toEqual({ rpm: 1, tpm: 10 });
    const root = io(fixture.tollgate.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: fixture.root.sessionCookie() } });
    try {
      const all = await new Promise<{ rpm: number; tpm: number }>((resolve) => root.once('throughput_all', resolve));
      expect(all).toEqual({ rpm: 1, tpm: 10 });
    } finally {
      root.disconnect();
    }
  });
});
