import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { listenAndAnnounce } from './announced-server.js';

/**
 * The floor of a second hop: a pass-through proxy in the gateway's own stack (node:http in,
 * undici's Pool out) with nothing else: no framework, no key, no hold, no event, no log row. Run
 * on the gateway's core, its added latency is what any Node relay pays on this machine before
 * doing any work; Tollgate's added latency minus it is what Tollgate's own work costs.
 */
async function forward(upstream: Pool, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const answer = await upstream.request({ path: request.url ?? '/', method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
  response.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') });
  for await (const chunk of answer.body) response.write(chunk);
  response.end();
}

/** The proxy process's whole configuration: the harness starts it with these variables, and this is their only reader. */
function configFromEnv(env: NodeJS.ProcessEnv): { port: number; upstream: string; workers: number } {
  return { port: Number(env.BARE_PROXY_PORT ?? 0), upstream: env.BARE_PROXY_UPSTREAM ?? '', workers: Number(env.BARE_PROXY_WORKERS ?? 1) };
}

/** Several workers (the two-core comparison): cluster processes sharing one port, as Tollgate's RELAY_WORKERS; port 0 is the same port for all. */
function forkWorkers(count: number): void {
  for (let i = 0; i < count; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
}

const config = configFromEnv(process.env);
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && config.workers > 1 && cluster.isPrimary) {
  forkWorkers(config.workers);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const upstream = new Pool(config.upstream, { connections: 2_048, pipelining: 1 });
  const server = createServer((request, response) => {
    forward(upstream, request, response).catch(() => response.destroy());
  });
  server.keepAliveTimeout = 60_000;
  listenAndAnnounce(server, config.port);
}
