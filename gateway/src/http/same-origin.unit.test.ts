import { describe, expect, it } from 'vitest';
import { claimedOrigin, consoleOrigins, isSameOrigin } from './same-origin.js';

const site = (host: string | undefined, protocol = 'http') => ({ protocol, host });

describe('isSameOrigin', () => {
  it('lets in a caller without an Origin (no browser, so no ambient cookie)', () => {
    expect(isSameOrigin(undefined, site('gate.example:3000'))).toBe(true);
  });

  it('lets in the console on its own host and port', () => {
    expect(isSameOrigin('http://gate.example:3000', site('gate.example:3000'))).toBe(true);
    expect(isSameOrigin('https://Gate.Example', site('gate.example', 'https'))).toBe(true);
    expect(isSameOrigin('http://gate.example', site('gate.example:80'))).toBe(true);
  });

  it('lets an https page reach a gateway that sees plain HTTP (an untrusted TLS proxy), never the reverse', () => {
    expect(isSameOrigin('https://gate.example', site('gate.example'))).toBe(true);
    expect(isSameOrigin('http://gate.example', site('gate.example', 'https'))).toBe(false);
  });

  it('refuses another port of the same host, another host, another scheme, and junk', () => {
    expect(isSameOrigin('http://gate.example:4000', site('gate.example:3000'))).toBe(false);
    expect(isSameOrigin('http://evil.example', site('gate.example'))).toBe(false);
    expect(isSameOrigin('http://sub.gate.example', site('gate.example'))).toBe(false);
    expect(isSameOrigin('null', site('gate.example'))).toBe(false);
    expect(isSameOrigin('file:///etc/passwd', site('gate.example'))).toBe(false);
    expect(isSameOrigin('http://gate.example', site(undefined))).toBe(false);
    expect(isSameOrigin('http://gate.example', site('bad host'))).toBe(false);
  });

  it('lets in the origins the operator lists, and only those', () => {
    const listed = ['https://console.example'];
    expect(isSameOrigin('https://console.example', site('10.0.0.5:3000'), listed)).toBe(true);
    expect(isSameOrigin('http://console.example', site('10.0.0.5:3000'), listed)).toBe(false);
  });
});

describe('claimedOrigin', () => {
  it('reads Origin, else the Referer\'s origin, else nothing', () => {
    expect(claimedOrigin({ origin: 'http://evil.example', referer: 'http://gate.example/x' })).toBe('http://evil.example');
    expect(claimedOrigin({ referer: 'http://evil.example/page?q=1' })).toBe('http://evil.example');
    expect(claimedOrigin({})).toBeUndefined();
  });

  it('takes an unreadable Referer for a foreign origin', () => {
    expect(claimedOrigin({ referer: 'not a url' })).toBe('null');
  });
});

describe('consoleOrigins', () => {
  const options = (serverAddress: string) => ({ string: (key: string) => (key === 'ServerAddress' ? serverAddress : '') });

  it('is ServerAddress\'s origin and the configured list', () => {
    expect(consoleOrigins({ config: { CONSOLE_ALLOWED_ORIGINS: ['https://b.example'] }, options: options('https://Gate.Example/base/') })).toEqual(['https://gate.example', 'https://b.example']);
    expect(consoleOrigins({ config: { CONSOLE_ALLOWED_ORIGINS: [] }, options: options('') })).toEqual([]);
  });
});
