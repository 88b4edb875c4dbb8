import type { SourceRow } from './source-database.js';

/** One page of a table: the rows with an id above `after`, in id order, at most `size`. */
export type PageReader = (after: number, size: number) => Promise<SourceRow[]>;

/**
 * Keyset paging over the integer primary key every new-api table with history has: each page
 * is an index range scan, so the millionth row costs what the first did and only one page is
 * ever held in memory (no OFFSET, no server-side cursor to leak).
 */
export async function* keysetPages(readPage: PageReader, size: number, afterId = -1): AsyncIterable<SourceRow[]> {
  for (let after = afterId; ; ) {
    const rows = await readPage(after, size);
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]?.id);
  }
}
