import { type Dispatcher, Pool } from 'undici';
import type { UpstreamRequest } from '../../providers/types.js';
import type { UpstreamCancel } from './upstream-cancel.js';

/** One keep-alive connection pool per upstream origin, at most `connectionsPerOrigin` open (each stream holds one). */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly connectionsPerOrigin: number) {}

  /** `signal`: an AbortSignal, or an UpstreamCancel (an EventEmitter, which undici takes too). */
  send(request: UpstreamRequest, signal: AbortSignal | UpstreamCancel): Promise<Dispatcher.ResponseData> {
    const method = request.method ?? 'POST';
    return this.pool(request.origin).request({ path: request.path, method, headers: request.headers, body: method === 'GET' ? undefined : request.body, signal });
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: this.connectionsPerOrigin, pipelining: 1, keepAliveTimeout: 30_000 });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}
