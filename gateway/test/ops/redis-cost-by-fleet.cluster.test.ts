import { afterEach, describe, expect, it } from 'vitest';
import { type RedisWork, RedisWorkProbe } from '../../src/adapters/redis/redis-work.js';
import { startOpenAIMock } from '../mock-upstream/openai/openai-mock.js';
import { connectLive } from '../support/clients/live-socket.js';
import { ClusterRun } from '../support/fleets/cluster-run.js';
import { requiredClusterEngines } from '../support/config.js';
import { ConsoleClient, createTokenKey } from '../support/clients/console-client.js';
import { startPrivateRedis } from '../support/engines/private-redis.js';
import { startPrivateRedisCluster } from '../support/engines/private-redis-cluster.js';
import { type GatewayProcess, startGatewayProcess, startRole } from '../support/gateways/role-process.js';

/**
 * Issue #35: the Redis work of a relayed call must not grow with the fleet. The same calls go
 * through one gateway, then through four (round robin), each fleet on a private Redis (or a private
 * Redis Cluster of three primaries, its nodes' counts summed) whose INFO counts every command
 * (those inside scripts too) and every byte. What is left growing is per gateway and second, not
 * per call: each gateway's meter flush and its ops reports (sent to one collecting gateway, where
 * every gateway used to hear every other's). The ledger's notices go by user: a gateway hears a
 * user's only while a console of that user is open there (every gateway used to hear every batch). Before the ledger applied
 * its changes to hot state once, each gateway applied every batch: 30.8 commands a call with one
 * gateway, 41.1 with four (+33%).
 */
const CALLS = 600;

/** A fleet's Redis: one server, or a Cluster whose nodes' counts are summed. */
interface CountedRedis {
  env: { REDIS_URL: string } | { REDIS_CLUSTER_NODES: string };
  work(): Promise<RedisWork>;
  /** The connections subscribed to a shard channel, over every node. */
  subscribers(channel: string): Promise<number>;
  close(): Promise<void>;
}

async function oneRedis(): Promise<CountedRedis> {
  const server = await startPrivateRedis();
  const probe = new RedisWorkProbe(server.url);
  return { env: { REDIS_URL: server.url }, work: () => probe.work(), subscribers: (channel) => probe.subscribers(channel), close: async () => (probe.close(), await server.close()) };
}

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** Three primaries, no replicas (a replica's stream would count as traffic). */
async function redisCluster(): Promise<CountedRedis> {
  const cluster = await startPrivateRedisCluster({ primaries: 3, replicasEach: 0 });
  const nodes = cluster.ports.map((port) => new RedisWorkProbe(`redis://127.0.0.1:${port}`));
  const work = async (): Promise<RedisWork> => {
    const each = await Promise.all(nodes.map((node) => node.work()));
    const byCommand: Record<string, number> = {};
    for (const node of each) for (const [name, calls] of Object.entries(node.byCommand)) byCommand[name] = (byCommand[name] ?? 0) + calls;
    return { commands: sum(each.map((n) => n.commands)), bytes: sum(each.map((n) => n.bytes)), cpuMicros: sum(each.map((n) => n.cpuMicros)), byCommand };
  };
  const subscribers = async (channel: string) => sum(await Promise.all(nodes.map((node) => node.subscribers(channel))));
  return { env: { REDIS_CLUSTER_NODES: cluster.nodes }, work, subscribers, close: async () => (nodes.forEach((node) => node.close()), await cluster.close()) };
}

function perCall(before: RedisWork, after: RedisWork): RedisWork {
  const byCommand: Record<string, number> = {};
  for (const [name, calls] of Object.entries(after.byCommand)) {
    const delta = calls - (before.byCommand[name] ?? 0);
    if (delta > 0) byCommand[name] = Math.round((delta / CALLS) * 100) / 100;
  }
  const per = (field: 'commands' | 'bytes' | 'cpuMicros') => (after[field] - before[field]) / CALLS;
  return { commands: per('commands'), bytes: per('bytes'), cpuMicros: per('cpuMicros'), byCommand };
}

describe('Redis work per relayed call, by fleet size', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  async function costWith(gatewayCount: number, openRedis: () => Promise<CountedRedis> = oneRedis): Promise<RedisWork> {
    const redis = await openRedis();
    cleanups.push(() => redis.close());
    const { KAFKA_BROKERS, MONGODB_URI } = requiredClusterEngines();
    const cluster = new ClusterRun({ KAFKA_BROKERS, MONGODB_URI, ...redis.env }, {});
    cleanups.push(async () => cluster.removeDataDirs());
    const upstream = await startOpenAIMock({ promptTokens: 5, completionTokens: 7 });
    cleanups.push(() => upstream.close());
    const ledgerEnv = cluster.roleEnv();
    const ledger = startRole('ledger', ledgerEnv);
    cleanups.push(() => ledger.stop());
    const gateways: GatewayProcess[] = await Promise.all(Array.from({ length: gatewayCount }, () => startGatewayProcess(cluster.roleEnv())));
    for (const gateway of gateways) cleanups.push(() => gateway.stop());
    const root = new ConsoleClient(gateways[0]!.url);
    await root.login('root', '123456');
    await root.must('PUT', '/api/option/', { key: 'ModelRatio', value: '{"mock-model":1}' });
    await root.must('POST', '/api/channel/', { name: 'mock', type: 1, key: 'k', base_url: upstream.url, models: 'mock-model', group: 'default' });
    const { key } = await createTokenKey(root, { name: 'key', remain_quota: 0, unlimited_quota: true, expired_time: -1 });
    const chat = async (gateway: GatewayProcess) => {
      const body = JSON.stringify({ model: 'mock-model', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] });
      const answer = await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
      await answer.text();
      return answer.status;
    };
    // An administrator's console stays open on the last gateway throughout (the operations view and
    // channel pushes reach it; it follows no log tail): what it costs is counted with the calls.
    const adminConsole = await connectLive(gateways.at(-1)!.url, root.sessionCookie());
    cleanups.push(async () => adminConsole.disconnect());
    let opsPushes = 0;
    adminConsole.on('ops', () => opsPushes++);
    // Every gateway has routed a call and seeded the balances before counting starts.
    for (const gateway of gateways) expect(await chat(gateway)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const before = await redis.work();
    const statuses: number[] = [];
    await Promise.all(Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < CALLS; i += 8) statuses.push(await chat(gateways[i % gatewayCount]!));
    }));
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the ledger's last batches reach hot state
    const cost = perCall(before, await redis.work());
    expect(await redis.subscribers(`${ledgerEnv.REDIS_PREFIX}gateway-reports`), 'one gateway hears the ops reports, however many send them').toBe(1);
    // The calls are root's (user 1), whose console is open on one gateway: only that one hears the ledger's notices of them.
    expect(await redis.subscribers(`${ledgerEnv.REDIS_PREFIX}balances:{u1}`), "only the gateway with the user's console follows the user's balance").toBe(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CALLS);
    expect(opsPushes, 'the admin console was open and heard the operations view').toBeGreaterThan(0);
    const on = openRedis === oneRedis ? 'one Redis' : 'a Redis Cluster';
    console.info(`${gatewayCount} gateway(s) on ${on}: ${cost.commands.toFixed(2)} Redis commands, ${Math.round(cost.bytes)} bytes and ${Math.round(cost.cpuMicros)} µs of Redis CPU a call`, JSON.stringify(cost.byCommand));
    return cost;
  }

  /** 1, 2 and 4 gateways in turn, each fleet on a fresh Redis; four cost at most 20% more commands a call than one. */
  async function flatOverFleet(openRedis: () => Promise<CountedRedis>): Promise<void> {
    const costs: RedisWork[] = [];
    for (const size of [1, 2, 4]) {
      costs.push(await costWith(size, openRedis));
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    }
    const [one, two, four] = costs as [RedisWork, RedisWork, RedisWork];
    const against = (other: RedisWork) => `${(other.commands / one.commands).toFixed(3)}x the commands, ${(other.bytes / one.bytes).toFixed(2)}x the bytes`;
    console.info(`${openRedis === oneRedis ? 'one Redis' : 'a Redis Cluster'}, against one gateway: two ${against(two)}; four ${against(four)}`);
    expect(two.commands).toBeLessThanOrEqual(one.commands * 1.2);
    expect(four.commands).toBeLessThanOrEqual(one.commands * 1.2);
  }

  // Bytes are reported, not bounded: they depend on the run's length as much as on its calls
  // (each gateway reports twice a second at least).
  it('costs two and four gateways at most 20% more Redis commands a call than one, an admin console open', () => flatOverFleet(oneRedis), 400_000);

  // Sharded pub/sub: each channel relayed by the primary owning its slot, not broadcast to every node.
  it('on a Redis Cluster too', () => flatOverFleet(redisCluster), 400_000);
});
