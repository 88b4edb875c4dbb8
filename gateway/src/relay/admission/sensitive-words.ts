import { AhoCorasick } from '@monyone/aho-corasick/fast';
import type { Options } from '../../ports/options.js';
import { RelayError } from '../../http/relay-error.js';

/** new-api's answer to a prompt with a listed word: its message and code, HTTP 400. */
export const SENSITIVE_WORDS_DETECTED = 'sensitive words detected';

/** The word list of `SensitiveWords` (one per line), lower-cased, blank lines and repeats dropped. */
export function sensitiveWordList(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((word) => word.trim().toLowerCase()).filter(Boolean))];
}

/**
 * Finds listed words in text with one Aho–Corasick pass, whatever the length of the list,
 * case-insensitively. The automaton is rebuilt only when the list's text changes. It is
 * @monyone/aho-corasick's double array over UTF-16 units (like new-api's matcher over runes):
 * modern-ahocorasick walked graphemes with Intl.Segmenter, ~0.4 µs a character once a prompt held
 * any Chinese, no faster than looping over 5,000 words (docs/benchmarks.md, sensitive words).
 */
/** The automaton of a word list (null when it lists none) and its longest word's length. */
export interface WordMatcher {
  matcher: AhoCorasick | null;
  longestWord: number;
}

function buildMatcher(source: string): WordMatcher {
  const words = sensitiveWordList(source);
  return { matcher: words.length > 0 ? new AhoCorasick(words) : null, longestWord: Math.max(0, ...words.map((word) => word.length)) };
}

export class SensitiveWords {
  constructor(private readonly options: Options) {}

  /** The first listed word in `text`, or null. */
  firstHit(text: string): string | null {
    const { matcher } = this.current();
    if (!matcher || !text) return null;
    const lower = text.toLowerCase();
    // Most prompts hold no listed word: the yes/no scan allocates nothing; only a hit collects matches.
    if (!matcher.hasKeywordInText(lower)) return null;
    return matcher.matchInText(lower)[0]?.keyword ?? null;
  }

  /** Refuses a prompt with a listed word when CheckSensitiveEnabled and CheckSensitiveOnPromptEnabled are on; nothing is held or billed yet. */
  checkPrompt(text: string): void {
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('CheckSensitiveOnPromptEnabled')) return;
    if (this.firstHit(text) !== null) throw new RelayError(400, SENSITIVE_WORDS_DETECTED, 'sensitive_words_detected');
  }

  /**
   * With CheckSensitiveEnabled and StopOnSensitiveEnabled on and a list set: a check, fed each
   * addition to one stream's text in turn, whether the text so far hit a listed word; it searches
   * only what the addition can have completed, so a long answer is not searched over and over.
   * Null otherwise.
   */
  streamStopper(): ((added: string) => boolean) | null {
    if (!this.options.boolean('CheckSensitiveEnabled') || !this.options.boolean('StopOnSensitiveEnabled')) return null;
    const { matcher, longestWord } = this.current();
    if (!matcher) return null;
    const kept = longestWord - 1;
    // Only the last `kept` characters can begin a word that the next text completes: they are all
    // this stream keeps. Slicing the whole answer so far per chunk flattened it each time (quadratic).
    let tail = '';
    return (added) => {
      const window = tail + added;
      tail = kept > 0 ? window.slice(-kept) : '';
      return matcher.hasKeywordInText(window.toLowerCase());
    };
  }

  /** Building the automaton takes ~250 ms for 5,000 words (bench: sensitive-words), so it is built once per text of the list. */
  private current(): WordMatcher {
    return this.options.parsed('SensitiveWords', buildMatcher);
  }
}
