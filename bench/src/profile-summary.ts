import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * Where a `--cpu-prof` profile spent its time, without a flame-graph viewer: self time by
 * function and by the file (or package) that holds it. `tsx bench/src/profile-summary.ts FILE`.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/fastify/lib/reply.js` -> `fastify`; our own files keep their repository path. */
export function ownerOf(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (packageName) return packageName;
  const ours = /\/(gateway|ledger|analytics)\/src\/(.*)$/.exec(path);
  if (ours) return `${ours[1]}/src/${ours[2]}`;
  return path === '' ? '(native / gc / idle)' : path.replace(/^node:/, 'node:');
}

function selfTimes(profile: CpuProfile): { byFunction: Map<string, number>; byOwner: Map<string, number>; totalUs: number } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)') return;
    totalUs += us;
    const owner = ownerOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${owner}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  });
  return { byFunction, byOwner, totalUs };
}

/**
 * Inclusive time by our own files: a sample counts for every file of ours on its stack, so the
 * relay, the ledger worker and the live fan-out each show their whole cost, libraries included.
 */
function inclusiveTimes(profile: CpuProfile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const byFile = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const files = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const owner = ownerOf(nodes.get(at)?.callFrame.url ?? '');
      if (/^(gateway|ledger|analytics)\/src\//.test(owner)) files.add(owner);
    }
    for (const file of files) byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return byFile;
}

function top(map: Map<string, number>, totalUs: number, count: number): string[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${((us / totalUs) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

export function summarizeProfile(profile: CpuProfile, count = 25): string {
  const { byFunction, byOwner, totalUs } = selfTimes(profile);
  return [`busy ${(totalUs / 1e6).toFixed(1)} s (idle excluded)`, '', 'self time by file or package:', ...top(byOwner, totalUs, count), '', 'self time by function:', ...top(byFunction, totalUs, count), '', 'inclusive time by our files:', ...top(inclusiveTimes(profile), totalUs, count)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/src/profile-summary.ts PROFILE.cpuprofile');
  process.stdout.write(`${summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)}\n`);
}
