import { type Dispatcher, Pool } from 'undici';
import type { UpstreamRequest } from '../providers/types.js';

/** One keep-alive connection pool per upstream origin. */
export class UpstreamPools {
  private readonly pools = new Map<string, Pool>();

  send(request: UpstreamRequest, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    return this.pool(request.origin).request({ path: request.path, method: 'POST', headers: request.headers, body: request.body, signal });
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
    this.pools.clear();
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
      this.pools.set(origin, pool);
    }
    return pool;
  }
}
