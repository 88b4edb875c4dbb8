import { describe, expect, it } from 'vitest';
import { baseOf } from './base-url.js';

describe('baseOf', () => {
  it("splits a channel's base URL into its origin and a path prefix without trailing slashes", () => {
    expect(baseOf('https://relay.example.com:8443/openai/v1//', 'https://api.openai.com')).toEqual({ origin: 'https://relay.example.com:8443', prefix: '/openai/v1' });
    expect(baseOf('http://10.0.0.5', 'https://api.openai.com')).toEqual({ origin: 'http://10.0.0.5', prefix: '' });
  });

  it("takes the type's default when the channel has no base URL", () => {
    expect(baseOf('', 'https://api.anthropic.com')).toEqual({ origin: 'https://api.anthropic.com', prefix: '' });
  });

  it('throws on a base URL that is not a URL', () => {
    expect(() => baseOf('not a url', '')).toThrow(TypeError);
  });
});
