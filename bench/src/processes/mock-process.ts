import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Service, startService } from './processes.js';

const mockEntry = fileURLToPath(new URL('./mock-upstream.ts', import.meta.url));
const bareProxyEntry = fileURLToPath(new URL('./bare-proxy.ts', import.meta.url));

export interface MockProcess extends Service {
  /** `http://127.0.0.1:port`, without a delay prefix. */
  url: string;
}

/** Starts the mock upstream in its own process and waits for the port it announces. */
export function startMockProcess(core: number | undefined, env: Record<string, string> = {}): Promise<MockProcess> {
  return startListening(mockEntry, 'mock upstream', core, env);
}

/** Starts the bare pass-through proxy in front of `upstreamUrl` (bare-proxy.ts). */
export function startBareProxy(upstreamUrl: string, core: number | undefined, workers = 1): Promise<MockProcess> {
  return startListening(bareProxyEntry, 'bare proxy', core, { BARE_PROXY_UPSTREAM: upstreamUrl, BARE_PROXY_WORKERS: String(workers) });
}

/** Starts a service that prints `{"listening": port}` once it listens, and waits for that line. */
async function startListening(entry: string, what: string, core: number | undefined, env: Record<string, string>): Promise<MockProcess> {
  const { service, child } = startService(entry, [], env, core);
  const lines = createInterface({ input: child.stdout ?? process.stdin });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${service.errors()}`))));
  const announced = (async () => {
    for await (const line of lines) {
      const port = (JSON.parse(line) as { listening?: number }).listening;
      if (port) return port;
    }
    throw new Error(`${what} closed its output before listening`);
  })();
  exited.catch(() => undefined); // a later exit (our own stop) is no failure
  const port = await Promise.race([announced, exited]);
  return { ...service, url: `http://127.0.0.1:${port}` };
}
