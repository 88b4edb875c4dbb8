import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterEngines, ClusterRun } from '../support/fleets/cluster-run.js';
import { ConsoleClient, eventually } from '../support/clients/console-client.js';
import { type GatewayProcess, startGatewayProcess } from '../support/gateways/role-process.js';

/**
 * Sessions and live consoles across two gateway processes on one Redis or a Redis Cluster (`redis`):
 * a session started on one gateway is known to the other, and ending it (or lowering its user) on
 * one closes its sockets on the other within a second.
 */
export function runSessionsAcrossGateways(redis: string, engines: ClusterEngines): ClusterRun {
  const cluster = new ClusterRun(engines);

  describe(`cluster mode: sessions and sockets span the gateways (${redis})`, () => {
    let a: GatewayProcess;
    let b: GatewayProcess;
    let rootA: ConsoleClient;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      [a, b] = await Promise.all([startGatewayProcess(cluster.roleEnv()), startGatewayProcess(cluster.roleEnv())]);
      rootA = new ConsoleClient(a.url);
      await rootA.login('root', '123456');
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await Promise.allSettled([a?.stop(), b?.stop()]);
      cluster.removeDataDirs();
    });

    async function signedInOnA(username: string): Promise<ConsoleClient> {
      const user = new ConsoleClient(a.url);
      await user.must('POST', '/api/user/register', { username, password: 'password-1', password2: 'password-1' });
      await user.login(username, 'password-1');
      return user;
    }

    /** The same cookie, sent to gateway B. */
    const onB = async (user: ConsoleClient) =>
      (await fetch(`${b.url}/api/user/self`, { headers: { cookie: user.sessionCookie(), 'new-api-user': String(user.userId) } })).status;

    async function socketOnB(user: ConsoleClient): Promise<Socket> {
      const socket = io(b.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie: user.sessionCookie() } });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => socket.on('connect', resolve).on('connect_error', reject));
      return socket;
    }

    const closedWithin = (socket: Socket, ms: number) => eventually(async () => (socket.connected ? undefined : true), ms, 'the socket on B to close');

    it('signs out on A: the cookie is refused on B and its socket on B closes', async () => {
      const user = await signedInOnA('sally');
      expect(await onB(user)).toBe(200);
      const socket = await socketOnB(user);
      await user.must('GET', '/api/user/logout');
      await closedWithin(socket, 1000);
      expect(await onB(user)).toBe(401);
    });

    it("demoted on A: the admin's socket on B closes within a second", async () => {
      const admin = await signedInOnA('adele');
      await rootA.must('POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
      const socket = await socketOnB(admin);
      await rootA.must('POST', '/api/user/manage', { id: admin.userId, action: 'demote' });
      await closedWithin(socket, 1000);
      expect(await onB(admin)).toBe(401);
    });
  });
  return cluster;
}
