import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../ports/event-log.js';
import { quotaGranted } from '../../testing/event-builders.js';
import { RecentAppends } from './recent-appends.js';

const at = (offset: number): StoredEvent => ({ partition: 0, offset, event: quotaGranted({ amount: offset }) });
const offsets = (events: { offset: number }[] | null) => events?.map((stored) => stored.offset) ?? null;

describe('RecentAppends', () => {
  it('given appends at 5, 6, 7: serves what follows an offset among them, up to the limit', () => {
    const recent = new RecentAppends(10);
    [5, 6, 7].forEach((offset) => recent.add(at(offset)));
    expect(offsets(recent.after(4, 10))).toEqual([5, 6, 7]);
    expect(offsets(recent.after(5, 1))).toEqual([6]);
  });

  it('leaves to the table a reader further behind, or one past the last append', () => {
    const recent = new RecentAppends(10);
    [5, 6].forEach((offset) => recent.add(at(offset)));
    expect(recent.after(3, 10)).toBeNull();
    expect(recent.after(6, 10)).toBeNull();
    expect(new RecentAppends(10).after(0, 10)).toBeNull();
  });

  it('starts over after a gap (another process appended in between), so nothing is skipped', () => {
    const recent = new RecentAppends(10);
    [5, 6].forEach((offset) => recent.add(at(offset)));
    recent.add(at(9));
    expect(recent.after(6, 10)).toBeNull();
    expect(offsets(recent.after(8, 10))).toEqual([9]);
  });

  it('keeps at most twice its capacity, dropping the oldest', () => {
    const recent = new RecentAppends(2);
    [1, 2, 3, 4].forEach((offset) => recent.add(at(offset)));
    expect(recent.after(1, 10)).toBeNull();
    expect(offsets(recent.after(2, 10))).toEqual([3, 4]);
  });
});
