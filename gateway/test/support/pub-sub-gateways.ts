import type { Redis } from 'ioredis';

/** A publisher and a subscriber connection, a channel and a log: what each pub/sub adapter takes. */
export type PubSubAdapter<T> = (publisher: Redis, subscriber: Redis, channel: string, log: (error: unknown) => void) => T;

/**
 * Two gateways' adapters on one fresh channel, each on its own two connections, and the function that closes all four: the shape the pub/sub contracts open.
 */
export async function twoGatewaysOn<T>(connect: () => Redis, name: string, adapter: PubSubAdapter<T>): Promise<[T, T, () => Promise<void>]> {
  const connections = Array.from({ length: 4 }, connect);
  const [p1, s1, p2, s2] = connections as [Redis, Redis, Redis, Redis];
  const channel = `tg-${name}-test-${process.pid}-${Date.now()}-${Math.random()}`;
  const close = async () => void (await Promise.all(connections.map((c) => c.quit())));
  const log = (error: unknown) => console.error(error);
  return [adapter(p1, s1, channel, log), adapter(p2, s2, channel, log), close];
}
