import { describe, expect, it } from 'vitest';
import { toPage } from './page';

describe('toPage', () => {
  it('passes the paged shape through', () => {
    expect(toPage({ items: [1], total: 11, page: 1, page_size: 10 })).toEqual({ items: [1], total: 11, page: 1, page_size: 10 });
  });

  it('accepts a plain array, as older servers answer', () => {
    expect(toPage([1, 2], 0, 10)).toEqual({ items: [1, 2], total: 2, page: 0, page_size: 10 });
  });
});
