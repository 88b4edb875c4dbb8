import type { Socket } from 'socket.io-client';
import { connectLive } from '../support/clients/live-socket.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithQuota } from '../support/gateways/embedded-fixture.js';

/** An open channel page hears a channel's test, balance and edits without reloading; users hear nothing. */
describe('live channel changes over Socket.IO', () => {
  let fixture: EmbeddedFixture;
  let dora: ConsoleClient;
  let admin: Socket;
  let user: Socket;
  let channelId: number;

  beforeAll(async () => {
    fixture = await startEmbeddedFixture();
    await addMockChannel(fixture);
    const { items } = await fixture.root.must<{ items: { id: number }[] }>('GET', '/api/channel/?p=0&page_size=10');
    channelId = items[0]?.id ?? 0;
    dora = await userWithQuota(fixture, 'dora', 1000);
    admin = await connectLive(fixture.tollgate.url, fixture.root.sessionCookie());
    user = await connectLive(fixture.tollgate.url, dora.sessionCookie());
  });

  afterAll(async () => {
    admin?.disconnect();
    user?.disconnect();
    await fixture?.close();
  });

  it('pushes the tested channel to administrators, and not to users', async () => {
    const heardByUser: unknown[] = [];
    user.on('channel', (payload) => heardByUser.push(payload));
    const pushed = new Promise<{ id: number }>((resolve) => admin.once('channel', resolve));
    await fixture.root.must('GET', `/api/channel/test/${channelId}`);
    expect(await pushed).toEqual({ id: channelId });
    const { response_time: responseTime } = await fixture.root.must<{ response_time: number }>('GET', `/api/channel/${channelId}`);
    expect(responseTime).toBeGreaterThanOrEqual(0);
    expect(heardByUser).toEqual([]);
  });

  it('pushes an edit too', async () => {
    const pushed = new Promise<{ id: number }>((resolve) => admin.once('channel', resolve));
    await fixture.root.must('PUT', '/api/channel/', { id: channelId, priority: 5 });
    expect(await pushed).toEqual({ id: channelId });
  });
});
