import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../gateways/role-process.js';

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
  /**
   * Starts a killed node again on its port and its nodes.conf: it rejoins as a replica of the one
   * that took over from it, and resolves once that replica is in sync.
   */
  restart(port: number): Promise<void>;
  /** SIGSTOP and SIGCONT: a node that stops answering for a while (a replica falling behind). */
  pause(port: number): void;
  resume(port: number): void;
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
  const args = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', String(nodeTimeoutMs), '--dir', dir, '--save', '', '--appendonly', 'no', '--repl-diskless-sync-delay', '0', '--loglevel', 'warning'];
  for (let i = 0; i < primaries * (1 + replicasEach); i += 1) {
    const port = await clusterPort();
    servers.set(port, spawn('redis-server', args(port), { stdio: 'ignore' }));
  }
  const ports = [...servers.keys()];
  for (const port of ports) await until(async () => (await cli(port, 'ping')).trim() === 'PONG', 10_000, `node ${port} answering`);
  await run('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', String(replicasEach), '--cluster-yes']);
  const ok = async (port: number) => (await cli(port, 'cluster', 'info')).includes('cluster_state:ok');
  for (const port of ports) await until(() => ok(port), 20_000, `node ${port} ok`);
  // Replicas in sync before the test starts: one still loading would not take over.
  const synced = async (port: number) => {
    const replication = await cli(port, 'info', 'replication');
    return !replication.includes('role:slave') || replication.includes('master_link_status:up');
  };
  for (const port of ports) await until(() => synced(port), 20_000, `replica ${port} in sync`);

  /** Lines of CLUSTER NODES as seen by a live node: id, address, flags, primary id. */
  const livePort = () => ports.find((port) => servers.get(port)?.exitCode === null && servers.get(port)?.signalCode === null)!;
  const clusterNodes = async () => (await cli(livePort(), 'cluster', 'nodes')).trim().split('\n').map((line) => line.split(' '));
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
      const slot = Number((await cli(livePort(), 'cluster', 'keyslot', key)).trim());
      for (const fields of await clusterNodes()) {
        if (!fields[2]!.includes('master') || fields[2]!.includes('fail')) continue;
        for (const range of fields.slice(8)) {
          const [from, to = from] = range.split('-').map(Number);
          if (slot >= from! && slot <= to!) return portOf(fields[1]!);
        }
      }
      throw new Error(`Redis Cluster: no primary serves slot ${slot}`);
    },
    kill,
    async restart(port) {
      servers.set(port, spawn('redis-server', args(port), { stdio: 'ignore' }));
      await until(async () => (await cli(port, 'role')).startsWith('slave') && (await synced(port)), 30_000, `node ${port} back as a replica`);
    },
    pause: (port) => void servers.get(port)?.kill('SIGSTOP'),
    resume: (port) => void servers.get(port)?.kill('SIGCONT'),
    async replicaOf(port) {
      const lines = await clusterNodes();
      const primaryId = lines.find((fields) => portOf(fields[1]!) === port)![0];
      return portOf(lines.find((fields) => fields[3] === primaryId)![1]!);
    },
    async untilPrimary(port, timeoutMs = 20_000) {
      await until(async () => (await cli(port, 'role')).startsWith('master') && (await ok(port)), timeoutMs, `replica ${port} promoted`);
    },
    async close() {
      for (const server of servers.values()) server.kill('SIGCONT'); // a stopped process takes SIGKILL too, but says so only once running
      await Promise.all([...servers.keys()].map(kill));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
