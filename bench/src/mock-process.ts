import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Service, startService } from './processes.js';

const mockEntry = fileURLToPath(new URL('./mock-upstream.ts', import.meta.url));

export interface MockProcess extends Service {
  /** `http://127.0.0.1:port`, without a delay prefix. */
  url: string;
}

/** Starts the mock upstream in its own process and waits for the port it announces. */
export async function startMockProcess(core: number | undefined, env: Record<string, string> = {}): Promise<MockProcess> {
  const { service, child } = startService(mockEntry, [], env, core);
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`mock upstream exited (${code}): ${service.errors()}`))));
  const announced = (async () => {
    for await (const line of lines) {
      const port = (JSON.parse(line) as { listening?: number }).listening;
      if (port) return port;
    }
    throw new Error('mock upstream closed its output before listening');
  })();
  exited.catch(() => undefined); // a later exit (our own stop) is no failure
  const port = await Promise.race([announced, exited]);
  return { ...service, url: `http://127.0.0.1:${port}` };
}
