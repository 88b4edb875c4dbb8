import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseApiKey, parseKeyParts } from './caller.js';

describe('parseApiKey', () => {
  const key = 'a'.repeat(48);

  it('reads the key of a Bearer sk- header', () => {
    expect(parseApiKey(`Bearer sk-${key}`)).toBe(key);
  });

  it('accepts a key without the sk- prefix or without Bearer', () => {
    expect(parseApiKey(`Bearer ${key}`)).toBe(key);
    expect(parseApiKey(`sk-${key}`)).toBe(key);
  });

  it('reads nothing from a missing or empty header', () => {
    expect(parseApiKey(undefined)).toBe('');
    expect(parseApiKey('Bearer ')).toBe('');
  });
});

describe('parseKeyParts', () => {
  const key = 'b'.repeat(48);

  it('reads the channel an admin pins with sk-<key>-<channelId>', () => {
    expect(parseKeyParts(`Bearer sk-${key}-12`)).toEqual({ key, channel: '12' });
  });

  it('reads no channel from a plain key', () => {
    expect(parseKeyParts(`Bearer sk-${key}`)).toEqual({ key, channel: null });
  });
});

/** The reading before issue #37 made it cheaper: what every header must still come to. */
function parseKeyPartsBefore(authorization: string | undefined): { key: string; channel: string | null } {
  const value = (authorization ?? '').replace(/^Bearer\s+/i, '').trim();
  const [key = '', channel] = (value.startsWith('sk-') ? value.slice(3) : value).split('-');
  return { key, channel: channel ?? null };
}

describe('parseKeyParts against the reading it replaced', () => {
  const piece = fc.constantFrom('Bearer', 'bearer', 'BEARER ', 'Bearer ', ' ', '\t', 'sk-', 'sk', '-', '--', 'abc', 'K9', '12', '\n', 'x-');

  it('reads every header alike: prefixes, spaces, dashes, case', () => {
    fc.assert(
      fc.property(fc.option(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')), { nil: undefined }), (header) => {
        expect(parseKeyParts(header)).toEqual(parseKeyPartsBefore(header));
      }),
      { numRuns: 5_000 },
    );
    fc.assert(fc.property(fc.string(), (header) => void expect(parseKeyParts(header)).toEqual(parseKeyPartsBefore(header))), { numRuns: 2_000 });
  });
});
