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
