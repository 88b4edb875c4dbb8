/** One list a store pages through in its own order. */
export type PagedSource<T> = (offset: number, limit: number) => Promise<{ items: T[]; total: number }>;

/**
 * A page of two lists merged, each already in the merged order (`before(x, y)`: x comes first).
 * Reads at most a page from each, plus one row of each per step of a binary search for how many of
 * the first `offset` rows come from `a` (Kth-of-two-sorted-lists), so a deep page costs no memory.
 */
export async function mergedPage<T>(a: PagedSource<T>, b: PagedSource<T>, before: (x: T, y: T) => boolean, offset: number, limit: number): Promise<{ items: T[]; total: number }> {
  const [totalA, totalB] = await Promise.all([a(0, 1), b(0, 1)]).then(([x, y]) => [x.total, y.total] as const);
  const total = totalA + totalB;
  if (offset >= total || limit <= 0) return { items: [], total };
  const row = async (source: PagedSource<T>, at: number) => (await source(at, 1)).items[0];
  let low = Math.max(0, offset - totalB);
  let high = Math.min(offset, totalA);
  while (low < high) {
    const fromA = Math.floor((low + high) / 2);
    const [x, y] = await Promise.all([row(a, fromA), row(b, offset - fromA - 1)]);
    // Row fromA of a is among the first `offset` if it comes before the last row of b they would hold.
    if (x !== undefined && y !== undefined && before(x, y)) low = fromA + 1;
    else high = fromA;
  }
  const [pageA, pageB] = await Promise.all([a(low, limit), b(offset - low, limit)]);
  const items: T[] = [];
  let i = 0;
  let j = 0;
  while (items.length < limit && (i < pageA.items.length || j < pageB.items.length)) {
    const x = pageA.items[i];
    const y = pageB.items[j];
    if (x !== undefined && (y === undefined || before(x, y))) {
      items.push(x);
      i++;
    } else if (y !== undefined) {
      items.push(y);
      j++;
    }
  }
  return { items, total };
}
