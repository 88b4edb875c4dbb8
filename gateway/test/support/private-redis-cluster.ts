import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Cluster } from 'ioredis';
import { freePort } from './role-process.js';

const run = promisify(execFile);

/** A Redis Cluster of one test file's own (Debian's redis-server), so the test may kill its nodes. */
export interface PrivateRedisCluster {
  /** `REDIS_CLUSTER_NODES` for the roles. */
  nodes: string;
  /** Every node's port, primaries and replicas. */
  ports: number[];
  /** The port of the primary whose slot holds `key` now. */
  primaryOf(key: string): Promise<number>;
  /** SIGKILL: the node dies at once, as a crashed machine would. */
  kill(port: number): Promise<void>;
  /** Resolves once every live node says the cluster is ok and `port` (a replica) serves as a primary. */
  untilPrimary(port: number, timeoutMs?: number): Promise<void>;
  /** The replica of the primary on `port`. */
  replicaOf(port: number): Promise<number>;
  close(): Promise<void>;
}

/** A cluster port whose bus port (port + 10000) is free too. */
async function clusterPort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 55_000) return port;
  }
}

const cli = async (port: number, ...args: string[]) => (await run('redis-cli', ['-p', String(port), ...args])).stdout;

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `primaries` primaries, each with `replicasEach` replicas, on loopback. `nodeTimeoutMs` is how
 * long a silent primary takes to be judged failed (Redis' default is 15 s): its replica is promoted
 * about a second after that.
 */
export async function startPrivateRedisCluster({ primaries = 3, replicasEach = 1, nodeTimeoutMs = 1_000 } = {}): Promise<PrivateRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-redis-cluster-'));
  const servers = new Map<number, ChildProcess>();
  for (let i = 0; i < primaries * (1 + replicasEach); i += 1) {
    const port = await clusterPort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', String(nodeTimeoutMs), '--dir', dir, '--save', '', '--appendonly', 'no', '--loglevel', 'warning'];
    servers.set(port, spawn('redis-server', args, { stdio: 'ignore' }));
  }
  const ports = [...servers.keys()];
  for (const port of ports) await until(async () => (await cli(port, 'ping')).trim() === 'PONG', 10_000, `node ${port} answering`);
  await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', String(replicasEach), '--cluster-yes']);
  const ok = async (port: number) => (await cli(port, 'cluster', 'info')).includes('cluster_state:ok');
  for (const port of ports) await until(() => ok(port), 20_000, `node ${port} ok`);

  /** Lines of CLUSTER NODES as seen by a live node: id, address, flags, primary id. */
  const clusterNodes = async () => {
    const live = ports.find((port) => servers.get(port)?.exitCode === null && servers.get(port)?.signalCode === null)!;
    return (await cli(live, 'cluster', 'nodes')).trim().split('\n').map((line) => line.split(' '));
  };
  const portOf = (address: string) => Number(address.split('@')[0]!.split(':')[1]);
  const kill = async (port: number) => {
    const server = servers.get(port);
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  };
  return {
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(','),
    ports,
    async primaryOf(key) {
      const client = new Cluster(ports.map((port) => ({ host: '127.0.0.1', port })));
      try {
        await once(client, 'ready');
        const slot = Number(await client.cluster('KEYSLOT', key));
        const ranges = await client.cluster('SLOTS');
        return ranges.find(([from, to]) => slot >= from && slot <= to)![2]![1];
      } finally {
        client.disconnect();
      }
    },
    kill,
    async replicaOf(port) {
      const lines = await clusterNodes();
      const primaryId = lines.find((fields) => portOf(fields[1]!) === port)![0];
      return portOf(lines.find((fields) => fields[3] === primaryId)![1]!);
    },
    async untilPrimary(port, timeoutMs = 20_000) {
      await until(async () => (await cli(port, 'role')).startsWith('master') && (await ok(port)), timeoutMs, `replica ${port} promoted`);
    },
    async close() {
      await Promise.all([...servers.keys()].map(kill));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
