import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** The relay workers a Tollgate owner process (RELAY_WORKERS > 1) forked: its node children running main.ts, not tsx's esbuild service. */
export function relayWorkerPids(ownerPid: number): number[] {
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${ownerPid}/task`)) {
    const listed = readFileSync(`/proc/${ownerPid}/task/${task}/children`, 'utf8').trim();
    if (listed) children.push(...listed.split(/\s+/).map(Number));
  }
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts');
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** The socket inodes a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith('socket:[')) inodes.add(target.slice(8, -1));
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * Which worker holds each established connection to `port` (on loopback, IPv4), as
 * "worker pid -> the connections' client ports": read from /proc/net/tcp and the workers' fds.
 */
export function connectionsByWorker(ownerPid: number, port: number): Map<number, Set<number>> {
  const clientPortOfInode = new Map<string, number>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [local, remote, state, inode] = [fields[1], fields[2], fields[3], fields[9]];
    if (!local || !remote || state !== '01' || !inode) continue; // 01: ESTABLISHED
    if (Number.parseInt(local.split(':')[1] ?? '', 16) === port) clientPortOfInode.set(inode, Number.parseInt(remote.split(':')[1] ?? '', 16));
  }
  const byWorker = new Map<number, Set<number>>();
  for (const pid of relayWorkerPids(ownerPid)) {
    const ports = new Set<number>();
    for (const inode of socketInodes(pid)) {
      const clientPort = clientPortOfInode.get(inode);
      if (clientPort !== undefined) ports.add(clientPort);
    }
    byWorker.set(pid, ports);
  }
  return byWorker;
}
