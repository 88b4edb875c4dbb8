import { describe, expect, it } from 'vitest';
import { createInProcessChangeNotices } from './change-notices.js';

describe('in-process change notices', () => {
  it('delivers to every subscriber until it unsubscribes', () => {
    const notices = createInProcessChangeNotices();
    const seen: string[] = [];
    const stop = notices.subscribe((kind, id) => seen.push(`${kind}:${id ?? '*'}`));
    notices.publish('channels', 3);
    notices.publish('options');
    stop();
    notices.publish('tokens', 1);
    expect(seen).toEqual(['channels:3', 'options:*']);
  });
});
