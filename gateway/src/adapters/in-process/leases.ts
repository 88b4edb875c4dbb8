import type { Leases } from '../../ports/hot-state/leases.js';

/** Leases in this process: right for one gateway. */
export class InProcessLeases implements Leases {
  private readonly held = new Map<string, { holder: string; until: number }>();

  async claim(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if ((this.held.get(name)?.until ?? 0) > now) return false;
    this.held.set(name, { holder, until: now + ttlMs });
    return true;
  }

  async renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const lease = this.held.get(name);
    const now = Date.now();
    if (!lease || lease.holder !== holder || lease.until <= now) return false;
    lease.until = now + ttlMs;
    return true;
  }
}
