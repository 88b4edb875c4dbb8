import { describe, expect, it } from 'vitest';
import { textMemo } from './text-memo.js';

describe('textMemo', () => {
  it('computes each text once, null answers included, and keeps what it made', () => {
    const seen: string[] = [];
    const parse = textMemo(10, (text) => {
      seen.push(text);
      return text ? { text } : null;
    });
    const first = parse('{"a":1}');
    expect(parse('{"a":1}')).toBe(first);
    expect([parse(''), parse('')]).toEqual([null, null]);
    expect(seen).toEqual(['{"a":1}', '']);
  });

  it('keeps at most its limit of texts, starting over when full', () => {
    let computed = 0;
    const length = textMemo(3, (text) => {
      computed++;
      return text.length;
    });
    for (const text of ['a', 'bb', 'ccc']) length(text);
    length('a');
    expect(computed).toBe(3);
    length('dddd'); // full: starts over with this one
    length('a');
    expect(computed).toBe(5);
  });
});
