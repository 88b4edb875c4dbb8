import type { Leases } from '../../ports/leases.js';

/** Leases in this process: right for one gateway. */
export class InProcessLeases implements Leases {
  private readonly until = new Map<string, number>();

  async claim(name: string, _holder: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    if ((this.until.get(name) ?? 0) > now) return false;
    this.until.set(name, now + ttlMs);
    return true;
  }
}
