import type { Server } from 'node:http';

/**
 * Serves a bench service's process: listens on loopback (`port` 0 takes any), prints
 * `{"listening": port}` once it does (mock-process.ts waits for that line), and closes on SIGTERM.
 */
export function listenAndAnnounce(server: Server, port: number): void {
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ listening: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
