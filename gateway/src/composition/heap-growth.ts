import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept, before the next
 * one: `percent` more (0 leaves V8's own rule). On a machine with much memory V8's rule allows up
 * to four times the live heap; a relay keeps about 80 MB alive while a burst of streams promotes
 * hundreds of MB that die soon after, so it grew by 250 MB and held them until the memory reducer
 * ran. At 20%, 100 fast 4 MB streams added 33 to 59 MB at the peak instead (docs/benchmarks.md,
 * "Memory under slow readers"). Set first of all (main.ts), before the modules load: V8 reads the
 * flag each time a full collection sets the next limit, and one set before it, at four times the
 * live heap, let a burst grow the heap by 160 MB.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
