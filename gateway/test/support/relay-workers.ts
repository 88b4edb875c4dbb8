import { readdirSync, readFileSync } from 'node:fs';

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
