import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsLargeString, jsonBytesInTurns } from './json-in-turns.js';
import { LARGE_BODY_BYTES } from './large-body.js';

const MiB = 1024 * 1024;

/** A string past one slice, built from a unit that may put an escape, an astral character or half a pair at any slice boundary. */
const longString = fc
  .record({ unit: fc.constantFrom('a', 'é', '"', '\\', '\n', '\u0001', '😀', '\ud83d', 'x😀', '中文'), extra: fc.nat({ max: 7 }) })
  .map(({ unit, extra }) => unit.repeat(Math.ceil((MiB + 1) / unit.length)) + 'b'.repeat(extra));

describe('jsonBytesInTurns', () => {
  it('writes the very bytes of Buffer.from(JSON.stringify(value)) for any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        expect((await jsonBytesInTurns(value)).equals(Buffer.from(JSON.stringify(value), 'utf8'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('writes long strings slice by slice with the same bytes, whatever falls on a slice boundary', async () => {
    await fc.assert(
      fc.asyncProperty(longString, fc.jsonValue(), async (text, other) => {
        const body = { model: 'm', messages: [{ role: 'user', content: text }], other };
        expect((await jsonBytesInTurns(body)).equals(Buffer.from(JSON.stringify(body), 'utf8'))).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('leaves out what JSON.stringify leaves out and writes null where it does', async () => {
    const body = { kept: 1, gone: undefined, fn: () => 1, list: [undefined, () => 1, Number.NaN, Infinity], at: new Date(0), long: 'a'.repeat(2 * MiB) };
    expect((await jsonBytesInTurns(body)).toString('utf8')).toBe(JSON.stringify(body));
  });

  it('gives other requests turns of the event loop while it writes a 10 MB string', async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    await jsonBytesInTurns({ content: 'a'.repeat(10 * MiB) });
    clearInterval(ticker);
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});

describe('holdsLargeString', () => {
  it('finds a string past LARGE_BODY_BYTES at any depth, and nothing in ordinary bodies', () => {
    expect(holdsLargeString({ messages: [{ content: [{ type: 'text', text: 'a'.repeat(LARGE_BODY_BYTES + 1) }] }] })).toBe(true);
    expect(holdsLargeString({ messages: [{ content: 'a'.repeat(LARGE_BODY_BYTES) }], n: 1, on: true, none: null })).toBe(false);
    expect(holdsLargeString('a'.repeat(LARGE_BODY_BYTES + 1))).toBe(true);
  });
});
