import { dict } from '@tollgate/wire';
import type { AffinityLookups } from '../../ports/hot-state/channel-affinities.js';

/**
 * Rules counted at most. A setting holds at most 100 rules, but renamed rules leave their old
 * names behind; past the bound the name counted longest ago is dropped, so memory stays bounded.
 */
const MAX_RULES = 200;

/** Lookups counted per rule name, in this process (a store's own counts, or those not yet added to a shared one). */
export class AffinityLookupTally {
  private readonly counts = new Map<string, AffinityLookups>();

  count(rule: string, hit: boolean): void {
    let entry = this.counts.get(rule);
    if (!entry) {
      const oldest = this.counts.keys().next();
      if (this.counts.size >= MAX_RULES && !oldest.done) this.counts.delete(oldest.value);
      entry = { hits: 0, misses: 0 };
      this.counts.set(rule, entry);
    }
    if (hit) entry.hits++;
    else entry.misses++;
  }

  /** The counts, kept. */
  snapshot(): Record<string, AffinityLookups> {
    return dict([...this.counts].map(([rule, c]) => [rule, { ...c }] as const));
  }

  /** The counts, handed over and started again (what a shared store adds to its own). */
  drain(): Record<string, AffinityLookups> {
    const taken = this.snapshot();
    this.counts.clear();
    return taken;
  }

  forget(rule: string | null): void {
    if (rule === null) this.counts.clear();
    else this.counts.delete(rule);
  }

  get size(): number {
    return this.counts.size;
  }
}
