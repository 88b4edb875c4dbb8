import { describe, expect, it } from 'vitest';
import { dict, entryOf, own, parseJsonTable } from './dict.js';

describe('prototype-free dictionaries (issue #33)', () => {
  it('dict holds prototype names as ordinary keys and serialises like {}', () => {
    const table = dict<number>([['__proto__', 1], ['constructor', 2]]);
    expect(Object.getPrototypeOf(table)).toBeNull();
    expect(table.toString).toBeUndefined();
    expect(Object.keys(table)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(table)).toBe('{"__proto__":1,"constructor":2}');
    expect(dict({ a: 1 })).toEqual({ a: 1 });
  });

  it('own answers only what the table itself holds', () => {
    const plain: Record<string, number> = JSON.parse('{"a":1,"__proto__":3}') as Record<string, number>;
    expect(own(plain, 'a')).toBe(1);
    expect(own(plain, '__proto__')).toBe(3);
    expect(own(plain, 'constructor')).toBeUndefined();
    expect(own(plain, 'hasOwnProperty')).toBeUndefined();
  });

  it('entryOf makes an entry once and never reads the prototype', () => {
    const table = dict<{ n: number }>();
    entryOf(table, '__proto__', () => ({ n: 0 })).n += 1;
    entryOf(table, '__proto__', () => ({ n: 0 })).n += 1;
    expect(own(table, '__proto__')).toEqual({ n: 2 });
    expect(({} as Record<string, unknown>).n).toBeUndefined();
  });

  it('parseJsonTable reads an object and nothing else', () => {
    expect(own(parseJsonTable('{"__proto__":{"polluted":true},"m":2}'), '__proto__')).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const text of ['[1]', '"x"', 'null', '{broken', '']) expect(Object.keys(parseJsonTable(text))).toEqual([]);
  });
});
