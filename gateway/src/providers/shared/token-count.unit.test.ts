import { countTokens as countBpe } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { completedUsage, countedUsage, countTokens, LONGEST_COUNTED_RUN } from './token-count.js';

const PROMPT = 'What is the capital of France?';
const ANSWER = 'The capital of France is Paris.';

describe('completedUsage: the usage billed for an answer', () => {
  const count = () => countedUsage(PROMPT, ANSWER);

  it('counts prompt and completion with the tokenizer when the upstream reported none', async () => {
    expect(await completedUsage(null, ANSWER, count)).toEqual({ promptTokens: countBpe(PROMPT), completionTokens: countBpe(ANSWER) });
  });
  it('keeps a whole usage as reported, without counting', async () => {
    const reported = { promptTokens: 9, completionTokens: 4, cachedPromptTokens: 2 };
    expect(await completedUsage(reported, ANSWER, () => { throw new Error('counted'); })).toBe(reported);
  });
  it('counts a zero completion when text came back, keeping the reported prompt and its details', async () => {
    expect(await completedUsage({ promptTokens: 9, completionTokens: 0, cachedPromptTokens: 2 }, ANSWER, count)).toEqual({ promptTokens: 9, completionTokens: countBpe(ANSWER), cachedPromptTokens: 2 });
  });
  it('counts a zero prompt, keeping the reported completion', async () => {
    expect(await completedUsage({ promptTokens: 0, completionTokens: 5 }, ANSWER, count)).toEqual({ promptTokens: countBpe(PROMPT), completionTokens: 5 });
  });
  it('leaves a zero completion alone when nothing came back (embeddings, speech, images)', async () => {
    const reported = { promptTokens: 7, completionTokens: 0 };
    expect(await completedUsage(reported, '', async () => { throw new Error('counted'); })).toBe(reported);
  });
});

describe('countTokens on hostile text (issue #33 item 4)', () => {
  it('counts ordinary text exactly as the tokenizer does, and long runs never below it', () => {
    const texts = ['The quick brown fox jumps over the lazy dog. '.repeat(200), '你好世界，这是一个测试。'.repeat(100), `see https://example.com/${'x9'.repeat(300)} and more`, 'q'.repeat(3000), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)).toString('base64')];
    for (const text of texts) {
      const exact = countBpe(text);
      const counted = countTokens(text);
      expect(counted, text.slice(0, 30)).toBeGreaterThanOrEqual(exact);
      // At most a couple of tokens more per slice of a long run.
      expect(counted, text.slice(0, 30)).toBeLessThanOrEqual(exact + 2 * Math.ceil(text.length / LONGEST_COUNTED_RUN) + 2);
    }
    expect(countTokens('The quick brown fox')).toBe(countBpe('The quick brown fox'));
  });

  it('does work linear in the length of one word: ten times the word, about ten times the slices', () => {
    // Counted by the calls made of the tokenizer, not by a clock: a 64,000-letter word is 250
    // slices of 256, and 640,000 letters are 2,500 (the tokenizer's own cost per slice is bounded).
    const slices = (n: number) => Math.ceil(n / LONGEST_COUNTED_RUN);
    expect(countTokens('a'.repeat(64_000))).toBeLessThanOrEqual(slices(64_000) * LONGEST_COUNTED_RUN);
    expect(countTokens('a'.repeat(640_000)) / countTokens('a'.repeat(64_000))).toBeCloseTo(10, 0);
  });

  it('counts 10 MB of one word within the test timeout (it took minutes when quadratic)', () => {
    expect(countTokens('z'.repeat(10_000_000))).toBeGreaterThan(1_000_000);
  }, 10_000);
});
