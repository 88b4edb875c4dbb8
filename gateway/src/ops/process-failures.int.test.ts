import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const processLog = fileURLToPath(new URL('../composition/process-log.ts', import.meta.url));
const processFailures = fileURLToPath(new URL('./process-failures.ts', import.meta.url));

/** A Node process with the policy installed as main.ts installs it, running `body` after; what it wrote, and how it ended. */
async function runWithPolicy(body: string): Promise<{ stdout: string; code: number | null }> {
  const script = `
    const { createProcessLog } = await import(${JSON.stringify(processLog)});
    const { watchProcessFailures } = await import(${JSON.stringify(processFailures)});
    watchProcessFailures(createProcessLog('info'));
    ${body}
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { stdout, code };
}

const entries = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } });

describe('the process failure policy, installed on a real Node 20 process', () => {
  it('survives an unhandled rejection, logging it with its stack', async () => {
    const { stdout, code } = await runWithPolicy(`
      Promise.reject(new Error('ECONNREFUSED from a notice handler'));
      setTimeout(() => { console.log(JSON.stringify({ level: 30, msg: 'still up' })); process.exit(0); }, 200);
    `);
    expect(code).toBe(0);
    const [rejection, alive] = entries(stdout);
    expect(rejection).toMatchObject({ level: 50, msg: 'unhandled promise rejection; the process stays up', err: { message: 'ECONNREFUSED from a notice handler' } });
    expect(rejection!.err!.stack).toContain('Error: ECONNREFUSED from a notice handler\n    at ');
    expect(alive).toMatchObject({ msg: 'still up' });
  });

  it('logs an uncaught exception with its stack, then exits with code 1', async () => {
    const { stdout, code } = await runWithPolicy(`
      setTimeout(() => { throw new TypeError('state is half-changed'); }, 10);
      setTimeout(() => console.log(JSON.stringify({ level: 30, msg: 'still up' })), 500);
    `);
    expect(code).toBe(1);
    const logged = entries(stdout);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 60, msg: 'uncaught exception; the process exits', err: { message: 'state is half-changed' } });
    expect(logged[0]!.err!.stack).toContain('TypeError: state is half-changed');
  });
});
