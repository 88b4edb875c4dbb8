import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { countTokens } from './token-count.js';
import { COUNTED_EXACTLY_CHARS, COUNTED_ON_LOOP_CHARS, TokenCountPool, utf8Bytes } from './token-count-pool.js';

/** Characters the tokenizer has not seen, without spaces: its slowest input (random CJK). */
function randomCjk(length: number): string {
  let seed = 7;
  let text = '';
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    text += String.fromCodePoint(0x4e00 + (seed % 20000));
  }
  return text;
}

describe('TokenCountPool: counting off the event loop', () => {
  const pool = new TokenCountPool();
  afterAll(() => pool.close());

  it('counts a small text in place and a large one in the worker, to the same number', async () => {
    const small = 'The quick brown fox. '.repeat(100);
    expect(small.length).toBeLessThan(COUNTED_ON_LOOP_CHARS);
    expect(await pool.count(small)).toBe(countTokens(small));
    const large = randomCjk(40_000);
    expect(await pool.count(large)).toBe(countTokens(large));
  });

  it('keeps the event loop free while a slow text is counted (random CJK: about 3 ms per 1,000 characters on the loop)', async () => {
    const slow = randomCjk(300_000);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const counted = await pool.count(slow);
    delay.disable();
    expect(counted).toBeGreaterThan(300_000);
    // On the loop this count holds it for most of a second; here no tick waits anywhere near that.
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it('bills what lies past COUNTED_EXACTLY_CHARS by its UTF-8 bytes, never below its tokens', async () => {
    const tail = '网'.repeat(1000);
    const text = 'a'.repeat(COUNTED_EXACTLY_CHARS) + tail;
    expect(await pool.count(text)).toBe(countTokens('a'.repeat(COUNTED_EXACTLY_CHARS)) + utf8Bytes(tail));
    expect(utf8Bytes(tail)).toBeGreaterThanOrEqual(countTokens(tail));
  });

  it('bills by bytes what a worker that died was counting, and starts another for the next count', async () => {
    const doomed = new TokenCountPool();
    const text = randomCjk(200_000);
    const counting = doomed.count(text);
    await doomed.close(); // the worker ends mid-count, as a crash would end it
    expect(await counting).toBe(utf8Bytes(text));
    expect(await doomed.count(randomCjk(20_000))).toBe(countTokens(randomCjk(20_000)));
    await doomed.close();
  });
});
