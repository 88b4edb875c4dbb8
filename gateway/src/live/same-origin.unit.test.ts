import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './same-origin.js';

describe('isSameOrigin', () => {
  it('lets in a handshake without an Origin (no browser, so no ambient cookie)', () => {
    expect(isSameOrigin(undefined, 'gate.example:3000')).toBe(true);
  });

  it('lets in the console on its own host and port', () => {
    expect(isSameOrigin('http://gate.example:3000', 'gate.example:3000')).toBe(true);
    expect(isSameOrigin('https://Gate.Example', 'gate.example')).toBe(true);
  });

  it('refuses another port of the same host, another host, and junk', () => {
    expect(isSameOrigin('http://gate.example:4000', 'gate.example:3000')).toBe(false);
    expect(isSameOrigin('http://evil.example', 'gate.example')).toBe(false);
    expect(isSameOrigin('null', 'gate.example')).toBe(false);
    expect(isSameOrigin('http://gate.example', undefined)).toBe(false);
  });
});
