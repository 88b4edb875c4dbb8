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

describe('heap probe (the memory measurement\'s leak check)', () => {
  let running: ChildProcess | undefined;
  afterEach(async () => {
    if (running && running.exitCode === null) {
      running.kill();
      await once(running, 'exit');
    }
  });

  it('sees memory a process keeps, and not the garbage it makes', async () => {
    const leaking = await startChurner(200); // about 4 MB a second kept
    running = leaking.child;
    const probe = await connectHeapProbe(leaking.port);
    const first = await probe.usedAfterFullGcMb();
    await pause(1_500);
    const second = await probe.usedAfterFullGcMb();
    probe.close();
    expect(second - first).toBeGreaterThan(1.5);
  });

  it('reads a flat floor from a process that only makes garbage', async () => {
    const churning = await startChurner(0);
    running = churning.child;
    const probe = await connectHeapProbe(churning.port);
    const first = await probe.usedAfterFullGcMb();
    await pause(1_500);
    const second = await probe.usedAfterFullGcMb();
    probe.close();
    expect(Math.abs(second - first)).toBeLessThan(0.5);
  });
});
