import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { connectHeapProbe, inspectFlag } from './heap-probe.js';
import { freePort } from './processes.js';

/** A node process that makes 20,000 short-lived objects every 50 ms, and keeps `retainedPerTick` arrays of about 1 KB. */
async function startChurner(retainedPerTick: number): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const program = `
    const kept = [];
    setInterval(() => {
      const garbage = [];
      for (let i = 0; i < 20000; i++) garbage.push({ i, at: Date.now() });
      for (let i = 0; i < ${retainedPerTick}; i++) kept.push(Array.from({ length: 256 }, (_, k) => k + i));
    }, 50);`;
  const child = spawn(process.execPath, [inspectFlag(port), '-e', program], { stdio: ['ignore', 'ignore', 'pipe'] });
  // The inspector announces itself on stderr once it listens.
  for await (const chunk of child.stderr!) if (String(chunk).includes('Debugger listening')) break;
  return { child, port };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("heap probe (the memory measurement's leak check)", () => {
  let running: ChildProcess | undefined;
  afterEach(async () => {
    if (running && running.exitCode === null) {
      running.kill();
      await once(running, 'exit');
    }
  });

  /** MB the heap's floor moved over 1.5 s in a churner that keeps `retainedPerTick` arrays a tick. */
  async function floorGrowthMb(retainedPerTick: number): Promise<number> {
    const churner = await startChurner(retainedPerTick);
    running = churner.child;
    const probe = await connectHeapProbe(churner.port);
    try {
      // The first collection also settles the start-up's own allocations (compiled code, the
      // inspector session's objects); the floor is read from the second on.
      await probe.usedAfterFullGcMb();
      const first = await probe.usedAfterFullGcMb();
      await pause(1_500);
      return (await probe.usedAfterFullGcMb()) - first;
    } finally {
      probe.close();
    }
  }

  it('sees memory a process keeps (about 12 MB over the 1.5 s, on a loaded machine too)', async () => {
    expect(await floorGrowthMb(200)).toBeGreaterThan(4);
  });

  it('reads a flat floor from a process that only makes garbage', async () => {
    // On a loaded machine the floor of a process that keeps nothing moved up to 0.6 MB in 1.5 s
    // (compiled code, the inspector's own objects), mostly 0.03; the leaking one keeps about 12.
    expect(Math.abs(await floorGrowthMb(0))).toBeLessThan(2);
  });
});
