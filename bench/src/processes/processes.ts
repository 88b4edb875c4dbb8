import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root, for the gateway's entries. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A process the harness started, with what it wrote to stderr (a failed start explains itself). */
export interface Service {
  pid: number;
  errors(): string;
  stop(): Promise<void>;
}

/** Whether `taskset` can pin here: the gateway gets core 1, the mock and the load generator core 0. */
export function canPin(enabled: boolean): boolean {
  if (!enabled) return false;
  const probe = spawnSync('taskset', ['-c', '1', 'true']);
  return probe.status === 0;
}

/** Pins this process (the load generator) to `core`; a no-op where pinning is off. */
export function pinSelf(core: number, pin: boolean): void {
  if (pin) spawnSync('taskset', ['-pc', String(core), String(process.pid)]);
}

/**
 * Starts a TypeScript entry in a process of its own (`node --import tsx`), pinned to `core` when
 * asked; taskset execs node, so the pid is node's own and its RSS is the service's.
 */
export function startService(entry: string, args: string[], env: Record<string, string>, core: number | undefined, nodeFlags: string[] = []): { service: Service; child: ChildProcess } {
  const nodeArgs = [...nodeFlags, '--import', 'tsx', entry, ...args];
  const [command, commandArgs] = core === undefined ? [process.execPath, nodeArgs] : ['taskset', ['-c', String(core), process.execPath, ...nodeArgs]];
  const child = spawn(command, commandArgs, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const service: Service = { pid: child.pid ?? 0, errors: () => stderr, stop: () => stopChild(child) };
  return { service, child };
}

/** Every service still running, so an interrupted run leaves no gateway or mock behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  // Generous: a gateway under --cpu-prof writes its whole profile as it exits.
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process in MB, from /proc (Linux); NaN where it cannot be read. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** A port free on loopback now (the child binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Polls `check` until it is true, or throws with `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms: ${what()}`);
}
