import { describe, expect, it } from 'vitest';
import { lastPageOf, toPage } from './page';

describe('toPage', () => {
  it('passes the paged shape through', () => {
    expect(toPage({ items: [1], total: 11, page: 1, page_size: 10 })).toEqual({ items: [1], total: 11, page: 1, page_size: 10 });
  });

  it('accepts a plain array, as older servers answer, as page 1 unless told', () => {
    expect(toPage([1, 2])).toEqual({ items: [1, 2], total: 2, page: 1, page_size: 10 });
    expect(toPage([1, 2], 3, 10)).toEqual({ items: [1, 2], total: 2, page: 3, page_size: 10 });
  });
});

describe('lastPageOf', () => {
  it('counts pages from 1, an empty list being one page', () => {
    expect([lastPageOf(undefined, 10), lastPageOf(0, 10), lastPageOf(10, 10), lastPageOf(11, 10)]).toEqual([1, 1, 1, 2]);
  });
});
