import { describe, expect, it } from 'vitest';
import type { Options } from '../../ports/options.js';
import { RelayError } from '../../http/relay-error.js';
import { SensitiveWords, sensitiveWordList } from './sensitive-words.js';

function optionsWith(values: Record<string, string>): Options {
  const all = { CheckSensitiveEnabled: 'true', CheckSensitiveOnPromptEnabled: 'true', SensitiveWords: '', ...values };
  return { string: (key: string) => all[key as keyof typeof all] ?? '', boolean: (key: string) => all[key as keyof typeof all] === 'true' } as unknown as Options;
}

describe('sensitive words', () => {
  it('SensitiveWords: reads one word per line, trimmed and lower-cased, without blanks or repeats', () => {
    expect(sensitiveWordList(' Foo \r\n\nbar\nFOO\n')).toEqual(['foo', 'bar']);
  });

  it('SensitiveWords: finds a listed word anywhere, in any case, among thousands', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `word${i}x`);
    const matcher = new SensitiveWords(optionsWith({ SensitiveWords: [...words, '违禁词'].join('\n') }));
    expect(matcher.firstHit('nothing listed here, word12 nor word4999')).toBeNull();
    expect(matcher.firstHit('so WORD4999X it is')).toBe('word4999x');
    expect(matcher.firstHit('这是违禁词吗')).toBe('违禁词');
  });

  it('SensitiveWords: builds the matcher once per list, not per check (5,000 words, 2,000 checks in well under a second)', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `word${i}x`).join('\n');
    const matcher = new SensitiveWords(optionsWith({ SensitiveWords: words }));
    const started = performance.now();
    // A rebuild costs ~250 ms here, so rebuilding per check would take minutes.
    for (let i = 0; i < 2_000; i++) matcher.firstHit(`prompt number ${i}, nothing listed`);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('SensitiveWords: follows the option when it changes', () => {
    const values = { SensitiveWords: 'alpha' };
    const matcher = new SensitiveWords({ string: (key: string) => (key === 'SensitiveWords' ? values.SensitiveWords : '') } as unknown as Options);
    expect(matcher.firstHit('alpha beta')).toBe('alpha');
    values.SensitiveWords = 'beta';
    expect(matcher.firstHit('alpha beta')).toBe('beta');
  });

  it('CheckSensitiveEnabled, CheckSensitiveOnPromptEnabled: refuses a prompt with HTTP 400 and new-api\'s message only while both switches are on', () => {
    const on = new SensitiveWords(optionsWith({ SensitiveWords: 'secret plan' }));
    const refusal = (() => {
      try {
        on.checkPrompt('the Secret Plan is');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(RelayError);
    expect(refusal).toMatchObject({ status: 400, message: 'sensitive words detected', code: 'sensitive_words_detected' });
    expect(() => on.checkPrompt('harmless')).not.toThrow();
    expect(() => new SensitiveWords(optionsWith({ SensitiveWords: 'secret plan', CheckSensitiveOnPromptEnabled: 'false' })).checkPrompt('secret plan')).not.toThrow();
    expect(() => new SensitiveWords(optionsWith({ SensitiveWords: 'secret plan', CheckSensitiveEnabled: 'false' })).checkPrompt('secret plan')).not.toThrow();
  });
});
