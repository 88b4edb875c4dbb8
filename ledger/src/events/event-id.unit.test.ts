import fc from 'fast-check';
import { UUID } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { newId, uuidText } from './event-id.js';

describe('newId', () => {
  it('makes UUIDv7s that are unique and sort in the order they were made, across pool refills', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the time it was made in its first 48 bits', () => {
    const before = Date.now();
    const id = newId();
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(Date.now());
  });

  it("writes any 16 bytes as the library's canonical text does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(uuidText(bytes)).toBe(UUID.ofInner(bytes).toString());
      }),
      { numRuns: 5_000 },
    );
  });
});
