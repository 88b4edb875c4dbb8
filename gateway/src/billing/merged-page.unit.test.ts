import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergedPage, type PagedSource } from './merged-page.js';

/** A list served a page at a time, counting the rows it hands out. */
function source(rows: number[], served: { rows: number }): PagedSource<number> {
  return async (offset, limit) => {
    const items = rows.slice(offset, offset + limit);
    served.rows += items.length;
    return { items, total: rows.length };
  };
}

const descending = (xs: number[]) => [...xs].sort((x, y) => y - x);
const before = (x: number, y: number) => x > y;

describe('mergedPage', () => {
  it('answers every page of two descending lists exactly as the merged list would, reading about a page of rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 60 }), fc.array(fc.integer({ min: 0, max: 1_000 }), { maxLength: 60 }), fc.integer({ min: 0, max: 130 }), fc.integer({ min: 1, max: 12 }), async (xs, ys, offset, limit) => {
        const a = descending(xs);
        const b = descending(ys);
        const served = { rows: 0 };
        const page = await mergedPage(source(a, served), source(b, served), before, offset, limit);
        const merged = descending([...a, ...b]);
        expect(page.total).toBe(merged.length);
        expect(page.items).toEqual(merged.slice(offset, offset + limit));
        expect(served.rows).toBeLessThanOrEqual(2 * limit + 2 + 2 * Math.ceil(Math.log2(offset + 2)) + 2);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every row once across consecutive pages, ties included', async () => {
    const a = [9, 7, 7, 7, 3, 1];
    const b = [8, 7, 7, 2, 2, 0];
    const pages: number[] = [];
    for (let offset = 0; offset < 12; offset += 5) pages.push(...(await mergedPage(source(a, { rows: 0 }), source(b, { rows: 0 }), before, offset, 5)).items);
    expect(pages).toEqual(descending([...a, ...b]));
  });
});
