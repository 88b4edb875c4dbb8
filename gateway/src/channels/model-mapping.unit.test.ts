import { describe, expect, it } from 'vitest';
import type { Channel } from '../ports/documents/channel-store.js';
import { upstreamModel } from './model-mapping.js';

const withMapping = (modelMapping: string) => ({ modelMapping }) as Channel;

describe("a channel's model_mapping", () => {
  it('renames a mapped model and leaves any other as the client named it', () => {
    const channel = withMapping(JSON.stringify({ 'gpt-4o': 'gpt-4o-2024-08-06' }));
    expect(upstreamModel(channel, 'gpt-4o')).toBe('gpt-4o-2024-08-06');
    expect(upstreamModel(channel, 'gpt-4o-mini')).toBe('gpt-4o-mini');
  });

  it('keeps the name when the mapping is empty, not JSON, or maps to something other than a name', () => {
    expect(upstreamModel(withMapping(''), 'm')).toBe('m');
    expect(upstreamModel(withMapping('{not json'), 'm')).toBe('m');
    expect(upstreamModel(withMapping(JSON.stringify({ m: '' })), 'm')).toBe('m');
    expect(upstreamModel(withMapping(JSON.stringify({ m: 7 })), 'm')).toBe('m');
  });

  it('reads an edited mapping afresh, and stays right past the cache of parsed mappings', () => {
    expect(upstreamModel(withMapping(JSON.stringify({ m: 'first' })), 'm')).toBe('first');
    expect(upstreamModel(withMapping(JSON.stringify({ m: 'second' })), 'm')).toBe('second');
    for (let i = 0; i < 3_000; i++) expect(upstreamModel(withMapping(JSON.stringify({ m: `up-${i}` })), 'm')).toBe(`up-${i}`);
    expect(upstreamModel(withMapping(JSON.stringify({ m: 'first' })), 'm')).toBe('first');
    expect(upstreamModel(withMapping(JSON.stringify({ m: 'first' })), 'constructor')).toBe('constructor');
  });
});
