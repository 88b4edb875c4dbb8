import { describe, expect, it } from 'vitest';
import { countTokens } from '../providers/shared/token-count.js';
import { CompletionTally, KEPT_ANSWER_CHARS } from './completion-tally.js';

describe('CompletionTally', () => {
  it('given a short answer, when it streams in, then all of it is kept as text and nothing is counted yet', async () => {
    const tally = new CompletionTally();
    for (const piece of ['Hello', ' there', ', friend']) tally.add(piece);
    expect(tally.text()).toBe('Hello there, friend');
    expect(await tally.countedTokens()).toBe(0);
  });

  it('given a 4 MB answer, when it streams in, then at most KEPT_ANSWER_CHARS are kept and the total count is the whole text\'s', async () => {
    const tally = new CompletionTally();
    const piece = 'slow reader '.repeat(100);
    let whole = '';
    for (let sent = 0; sent < 4 * 1024 * 1024; sent += piece.length) {
      tally.add(piece);
      whole += piece;
      expect(tally.text().length).toBeLessThanOrEqual(KEPT_ANSWER_CHARS + piece.length);
    }
    // Cut at spaces, so the counts add up to the tokenizer's count of the whole.
    expect((await tally.countedTokens()) + countTokens(tally.text())).toBe(countTokens(whole));
  });
});
