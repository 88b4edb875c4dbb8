import type { OneTimeCodes } from '../../ports/hot-state/one-time-codes.js';

/** One-time codes in this process: right for one gateway. Expired entries are dropped when met. */
export class InProcessOneTimeCodes implements OneTimeCodes {
  private readonly codes = new Map<string, { code: string; until: number }>();

  async issue(purpose: string, key: string, code: string, ttlMs: number): Promise<void> {
    this.dropExpired();
    this.codes.set(`${purpose}:${key}`, { code, until: Date.now() + ttlMs });
  }

  async redeem(purpose: string, key: string, code: string): Promise<boolean> {
    const id = `${purpose}:${key}`;
    const entry = this.codes.get(id);
    if (!entry || entry.until <= Date.now() || entry.code !== code) return false;
    this.codes.delete(id);
    return true;
  }

  /** Keeps the map from growing with codes nobody redeems. */
  private dropExpired(): void {
    const now = Date.now();
    for (const [id, entry] of this.codes) if (entry.until <= now) this.codes.delete(id);
  }
}
