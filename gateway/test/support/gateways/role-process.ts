import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const mainEntry = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

/** One Tollgate role (`gateway`, `ledger`, `analytics`) running as its own OS process, as in production. */
export interface RoleProcess {
  /** The OS process id (its memory can be read from /proc). */
  pid: number;
  /** What the process wrote to stderr so far (a failed start explains itself). */
  errors(): string;
  /** How the process ended (its exit code, or the signal that ended it); null while it runs. */
  ended(): number | NodeJS.Signals | null;
  /** Resolves with the exit code once the process has ended (null: ended by a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-work, as a crash would leave it. */
  kill(): Promise<void>;
}

export interface GatewayProcess extends RoleProcess {
  url: string;
}

/** A port free on loopback now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export function startRole(role: string, env: Record<string, string>): RoleProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainEntry, role], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null, () => null);
  const ended = () => child.exitCode ?? child.signalCode;
  return { pid: child.pid ?? -1, errors: () => stderr, ended, exited, stop: () => stopChild(child), kill: () => killChild(child) };
}

async function killChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A gateway process (or, with role `all`, a whole embedded Tollgate) on a free port, resolved once `/api/status` answers. */
/**
 * The engine variables blanked: a whole Tollgate (`all`) on its embedded engines even when the
 * suite runs inside infra/local/with-engines.sh, whose cluster engines the other suites share.
 */
export const EMBEDDED_ENGINES = { KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', REDIS_CLUSTER_NODES: '', CLICKHOUSE_URL: '' } as const;

export async function startGatewayProcess(env: Record<string, string>, timeoutMs = 60_000, roleName: 'gateway' | 'all' = 'gateway'): Promise<GatewayProcess> {
  const port = await freePort();
  const engines = roleName === 'all' ? EMBEDDED_ENGINES : {};
  const role = startRole(roleName, { ...engines, ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/status`).then((r) => r.ok, () => false);
    if (ok) return { ...role, url };
    await new Promise((r) => setTimeout(r, 200));
  }
  await role.stop();
  throw new Error(`gateway did not start within ${timeoutMs} ms: ${role.errors()}`);
}
