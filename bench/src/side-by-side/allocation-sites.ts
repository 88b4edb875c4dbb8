/** A node of V8's sampling heap profile (`HeapProfiler.stopSampling`), as much of it as is read here. */
export interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

export interface AllocationSite {
  /** `function file:line`, the file relative to the repository or to node_modules. */
  site: string;
  bytes: number;
}

export interface AllocationSummary {
  totalBytes: number;
  /** Where the bytes were allocated, largest first. */
  sites: AllocationSite[];
  /** The bytes by the innermost file of this repository on the allocating stack, largest first (`(none)`: no file of ours). */
  ownFiles: AllocationSite[];
}

const shortUrl = (url: string): string => url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/\/.*?\/(gateway|ledger|analytics|wire|bench)\//, '$1/');
const isOwn = (url: string): boolean => url.startsWith('file://') && !url.includes('/node_modules/');

function largestFirst(bytes: Map<string, number>): AllocationSite[] {
  return [...bytes].map(([site, size]) => ({ site, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}

/** Adds up a sampling heap profile by allocating function and by the nearest file of ours on its stack. */
export function summarizeAllocations(head: SamplingNode): AllocationSummary {
  const bySite = new Map<string, number>();
  const byOwnFile = new Map<string, number>();
  let totalBytes = 0;
  const visit = (node: SamplingNode, nearestOwn: string) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const own = isOwn(url) ? shortUrl(url) : nearestOwn;
    if (node.selfSize > 0) {
      const site = `${functionName || '(anonymous)'} ${shortUrl(url) || '(native)'}:${lineNumber + 1}`;
      bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
      byOwnFile.set(own, (byOwnFile.get(own) ?? 0) + node.selfSize);
      totalBytes += node.selfSize;
    }
    for (const child of node.children) visit(child, own);
  };
  visit(head, '(none)');
  return { totalBytes, sites: largestFirst(bySite), ownFiles: largestFirst(byOwnFile) };
}
