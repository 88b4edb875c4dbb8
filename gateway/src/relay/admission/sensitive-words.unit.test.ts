import { describe, expect, it, vi } from 'vitest';
import { OptionCache } from '../../options/option-cache.js';
import { RelayError } from '../../http/relay-error.js';
import { SensitiveWords, sensitiveWordList } from './sensitive-words.js';

/** The options the matcher reads, from a real OptionCache over a store holding `values`. */
async function optionsWith(values: Record<string, string>): Promise<OptionCache> {
  const all: Record<string, string> = { CheckSensitiveEnabled: 'true', CheckSensitiveOnPromptEnabled: 'true', SensitiveWords: '', ...values };
  const cache = new OptionCache({ all: async () => ({ ...all }), set: async (key, value) => void (all[key] = value) });
  await cache.reload();
  return cache;
}

describe('sensitive words', () => {
  it('SensitiveWords: reads one word per line, trimmed and lower-cased, without blanks or repeats', () => {
    expect(sensitiveWordList(' Foo \r\n\nbar\nFOO\n')).toEqual(['foo', 'bar']);
  });

  it('SensitiveWords: finds a listed word anywhere, in any case, among thousands', async () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `word${i}x`);
    const matcher = new SensitiveWords(await optionsWith({ SensitiveWords: [...words, '违禁词'].join('\n') }));
    expect(matcher.firstHit('nothing listed here, word12 nor word4999')).toBeNull();
    expect(matcher.firstHit('so WORD4999X it is')).toBe('word4999x');
    expect(matcher.firstHit('这是违禁词吗')).toBe('违禁词');
  });

  it('SensitiveWords: builds the matcher once per list, not per check, and follows the option when it changes', async () => {
    const options = await optionsWith({ SensitiveWords: Array.from({ length: 5_000 }, (_, i) => `word${i}x`).join('\n') });
    const matcher = new SensitiveWords(options);
    const read = vi.spyOn(options, 'parsed');
    for (let i = 0; i < 2_000; i++) matcher.firstHit(`prompt number ${i}, nothing listed`);
    expect(read).toHaveBeenCalledTimes(2_000);
    expect(new Set(read.mock.results.map((result) => result.value)).size).toBe(1);
    await options.set('SensitiveWords', 'alpha');
    expect(matcher.firstHit('alpha beta')).toBe('alpha');
    await options.set('SensitiveWords', 'beta');
    expect(matcher.firstHit('alpha beta')).toBe('beta');
    expect(new Set(read.mock.results.map((result) => result.value)).size).toBe(3);
  });

  it('CheckSensitiveEnabled, CheckSensitiveOnPromptEnabled: refuses a prompt with HTTP 400 and new-api\'s message only while both switches are on', async () => {
    const on = new SensitiveWords(await optionsWith({ SensitiveWords: 'secret plan' }));
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
    const promptCheckOff = new SensitiveWords(await optionsWith({ SensitiveWords: 'secret plan', CheckSensitiveOnPromptEnabled: 'false' }));
    const checksOff = new SensitiveWords(await optionsWith({ SensitiveWords: 'secret plan', CheckSensitiveEnabled: 'false' }));
    expect(() => promptCheckOff.checkPrompt('secret plan')).not.toThrow();
    expect(() => checksOff.checkPrompt('secret plan')).not.toThrow();
  });
});
