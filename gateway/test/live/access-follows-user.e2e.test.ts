import Database from 'better-sqlite3';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually } from '../support/clients/console-client.js';
import { addMockChannel, type EmbeddedFixture, startEmbeddedFixture, userWithKey, userWithQuota } from '../support/gateways/embedded-fixture.js';

interface LogRow {
  user_id: number;
}

/** A console's socket and every log row it has heard. */
interface LiveConsole {
  socket: Socket;
  rows: LogRow[];
}

/** Socket.IO rooms follow the user's current role, status and session (issue #24). */
describe('live consoles follow their user', () => {
  let fixture: EmbeddedFixture;
  let carol: { user: ConsoleClient; key: string };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    fixture = await startEmbeddedFixture({ promptTokens: 1, completionTokens: 1 });
    await addMockChannel(fixture);
    carol = await userWithKey(fixture, 'carol', 100_000);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await fixture?.close();
  });

  /** Every console here follows the log live (`tail=1`), as the log page and the operations tail do, unless told. */
  function open(console: ConsoleClient, tail = true): Socket {
    const query = tail ? { tail: '1' } : {};
    const socket = io(fixture.tollgate.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, query, extraHeaders: { cookie: console.sessionCookie() } });
    sockets.push(socket);
    return socket;
  }

  async function connect(console: ConsoleClient, tail = true): Promise<LiveConsole> {
    const socket = open(console, tail);
    const rows: LogRow[] = [];
    socket.on('log', (row: LogRow) => rows.push(row));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    return { socket, rows };
  }

  /** Carol's relayed call: her own consoles hear its log row, and the admins' consoles. */
  async function carolCalls(): Promise<void> {
    const response = await fetch(`${fixture.tollgate.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${carol.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
  }

  const disconnectedWithin = (socket: Socket, ms: number) => eventually(async () => (socket.connected ? undefined : true), ms, 'the socket to close');

  async function promotedAdmin(username: string): Promise<ConsoleClient> {
    const admin = await userWithQuota(fixture, username, 0);
    await fixture.root.must('POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
    return admin;
  }

  it("closes a demoted admin's socket within a second; the user's own console still hears its rows", async () => {
    const adam = await promotedAdmin('adam');
    const admins = await connect(adam);
    const own = await connect(carol.user);
    await carolCalls();
    await eventually(async () => (admins.rows.length === 1 && own.rows.length === 1 ? true : undefined), 5000, 'both rows');
    expect(admins.rows[0]).toMatchObject({ user_id: carol.user.userId });

    await fixture.root.must('POST', '/api/user/manage', { id: adam.userId, action: 'demote' });
    await disconnectedWithin(admins.socket, 1000);
    await carolCalls();
    await eventually(async () => (own.rows.length === 2 ? true : undefined), 5000, "carol's second row");
    expect(admins.rows).toHaveLength(1);
  });

  it("sends every row only to the admins' consoles that follow the log live, not to every admin console", async () => {
    const ada = await promotedAdmin('ada');
    const following = await connect(ada);
    const elsewhere = await connect(ada, false);
    await carolCalls();
    await eventually(async () => (following.rows.length === 1 ? true : undefined), 5000, 'the row on the live tail');
    await new Promise((resolve) => setTimeout(resolve, 300)); // a row for the other console would have come with it
    expect(following.rows[0]).toMatchObject({ user_id: carol.user.userId });
    expect(elsewhere.rows).toEqual([]);
    expect(elsewhere.socket.connected).toBe(true);
  });

  it("moves an open console in and out of the admins' room as its user's role changes", async () => {
    const dora = await userWithQuota(fixture, 'dora', 0);
    const live = await connect(dora);
    await fixture.root.must('POST', '/api/user/manage', { id: dora.userId, action: 'promote' });
    await carolCalls();
    await eventually(async () => (live.rows.length === 1 ? true : undefined), 1000, 'the admin row after promotion');

    // A role lowered where no session ends (written to the documents as another tool would), then
    // any change notice about her: her console leaves the admins' room but stays open.
    const documents = new Database(join(fixture.dataDir, 'documents.db'));
    documents.prepare('UPDATE users SET role = 1 WHERE id = ?').run(dora.userId);
    documents.close();
    await dora.must('GET', '/api/user/token');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await carolCalls();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(live.socket.connected).toBe(true);
    expect(live.rows).toHaveLength(1);
  });

  it("closes a disabled user's socket and refuses a new one", async () => {
    const eve = await userWithQuota(fixture, 'eve', 0);
    const live = await connect(eve);
    await fixture.root.must('POST', '/api/user/manage', { id: eve.userId, action: 'disable' });
    await disconnectedWithin(live.socket, 1000);
    // The same cookie cannot open another socket, nor can the user sign in again.
    const refused = open(eve);
    expect((await new Promise<Error>((resolve) => refused.on('connect_error', resolve))).message).toBe('unauthorized');
    expect((await eve.login('eve', 'eve-password')).success).toBe(false);
  });

  it('closes the socket of a session that signed out, and only that one', async () => {
    const frank = await userWithQuota(fixture, 'frank', 0);
    const phone = new ConsoleClient(fixture.tollgate.url);
    await phone.login('frank', 'frank-password');
    const [laptopLive, phoneLive] = [await connect(frank), await connect(phone)];
    await frank.must('GET', '/api/user/logout');
    await disconnectedWithin(laptopLive.socket, 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(phoneLive.socket.connected).toBe(true);
  });

  it("refuses a handshake from another origin even with the user's cookie; its own origin connects", async () => {
    const grace = await userWithQuota(fixture, 'grace', 0);
    const own = new URL(fixture.tollgate.url);
    const attempt = (origin: string) => {
      const socket = io(fixture.tollgate.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: grace.sessionCookie(), origin } });
      sockets.push(socket);
      return new Promise<'connected' | 'refused'>((resolve) => {
        socket.on('connect', () => resolve('connected'));
        socket.on('connect_error', () => resolve('refused'));
      });
    };
    expect(await attempt(`http://${own.hostname}:${Number(own.port) + 1}`)).toBe('refused');
    expect(await attempt('http://evil.example')).toBe('refused');
    expect(await attempt(own.origin)).toBe('connected');
  });
});
