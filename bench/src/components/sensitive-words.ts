import { performance } from 'node:perf_hooks';
import { AhoCorasick } from '@monyone/aho-corasick/fast';
import { median } from '../stats.js';

export interface SensitiveWordsOptions {
  words: number;
  /** Timed rounds per matcher; the median round is reported. */
  rounds: number;
  /** Prompts checked per round. */
  checksPerRound: number;
}

/** mulberry32 with a fixed seed, so every run matches the same words against the same prompt. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
/** The CJK Unified Ideographs block. */
const HAN_FIRST = 0x4e00;
const HAN_COUNT = 0x5000;

/** A list like an operator's: two thirds Latin words of 5 to 14 letters, a third of 2 to 5 Chinese characters. */
export function generatedWordList(count: number, random = seededRandom(7)): string[] {
  const latin = (length: number) => Array.from({ length }, () => LATIN[Math.floor(random() * LATIN.length)]).join('');
  const han = (length: number) => String.fromCodePoint(...Array.from({ length }, () => HAN_FIRST + Math.floor(random() * HAN_COUNT)));
  const words = new Set<string>();
  while (words.size < count) words.add(random() < 2 / 3 ? latin(5 + Math.floor(random() * 10)) : han(2 + Math.floor(random() * 4)));
  return [...words];
}

const ENGLISH = [
  'You are a helpful assistant. Answer briefly and cite the documentation when you can. ',
  'I am migrating our billing service from a cron job to an event queue. The old job read every ',
  'invoice of the day, summed the line items and wrote one row per customer. The new design ',
  'publishes an event per payment and a worker applies it to the balance. How do I make sure a ',
  'replayed event is not applied twice, and how should I test it? Here is the current handler:\n',
  'async function handle(event) { const balance = await store.get(event.customer); ',
  'balance.total += event.amount; await store.put(event.customer, balance); }\n',
  'Thanks in advance for your help, the deadline for this change is next Friday. ',
].join('');
const CHINESE = '请用中文再解释一遍幂等性，并给出一个简单的例子。我们的团队主要使用 TypeScript 和 PostgreSQL。';

/**
 * Typical chat prompts (a system prompt, a question, pasted code; about 1.5 KB), lower-cased as
 * the gateway checks them, holding none of the words: a clean prompt is the common case and the
 * naive loop's worst. One is ASCII only; the other carries a line of Chinese (a matcher that
 * walks graphemes, as modern-ahocorasick did, slows down ten times on it).
 */
export const PROMPTS = {
  english: ENGLISH.repeat(2).toLowerCase(),
  'english with a line of Chinese': (ENGLISH + CHINESE).repeat(2).toLowerCase().slice(0, ENGLISH.length * 2),
} as const;

/** What the relay does per prompt: the first listed word in the text, or null. */
type FirstHit = (text: string) => string | null;

function naiveMatcher(words: readonly string[]): FirstHit {
  return (text) => words.find((word) => text.includes(word)) ?? null;
}

/** What gateway/src/relay/admission/sensitive-words.ts does (the bench imports no gateway code): a yes/no scan, matches collected only on a hit. */
function ahoCorasickMatcher(words: readonly string[]): FirstHit {
  const automaton = new AhoCorasick([...words]);
  return (text) => (automaton.hasKeywordInText(text) ? (automaton.matchInText(text)[0]?.keyword ?? null) : null);
}

/** Microseconds per check: the median of `rounds` rounds of `checksPerRound` checks. */
function microsecondsPerCheck(firstHit: FirstHit, text: string, options: SensitiveWordsOptions): number {
  for (let i = 0; i < options.checksPerRound; i++) firstHit(text); // warm-up: let the JIT compile both alike
  const rounds: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < options.checksPerRound; i++) firstHit(text);
    rounds.push(((performance.now() - started) * 1_000) / options.checksPerRound);
  }
  return median(rounds);
}

export interface PromptResult {
  prompt: string;
  characters: number;
  naiveMicros: number;
  libraryMicros: number;
}

export interface SensitiveWordsResult {
  prompts: PromptResult[];
  /** Milliseconds to build the automaton once, which the gateway does only when the list changes. */
  buildMillis: number;
}

function checkBothFind(words: readonly string[], naive: FirstHit, library: FirstHit, text: string): void {
  if (naive(text) !== null || library(text) !== null) throw new Error('a typical prompt must hold no listed word');
  const planted = `${text} ${words[words.length - 1]}`;
  if (naive(planted) === null || library(planted) === null) throw new Error('both matchers must find a listed word');
}

/** Checks typical prompts against the list with a naive loop over the words and with the gateway's Aho–Corasick library, side by side. */
export function measureSensitiveWords(options: SensitiveWordsOptions): SensitiveWordsResult {
  const words = generatedWordList(options.words);
  const naive = naiveMatcher(words);
  const buildStarted = performance.now();
  const library = ahoCorasickMatcher(words);
  const buildMillis = performance.now() - buildStarted;
  const prompts = Object.entries(PROMPTS).map(([prompt, text]) => {
    checkBothFind(words, naive, library, text);
    return { prompt, characters: text.length, naiveMicros: microsecondsPerCheck(naive, text, options), libraryMicros: microsecondsPerCheck(library, text, options) };
  });
  return { prompts, buildMillis };
}

/** The markdown table of one run. */
export function sensitiveWordsTable(options: SensitiveWordsOptions, result: SensitiveWordsResult): string {
  const us = (value: number) => `${value.toFixed(1)} µs`;
  const rows = result.prompts.map((p) => `| one check: ${p.prompt}, ${p.characters} characters | ${us(p.naiveMicros)} | ${us(p.libraryMicros)} | ${(p.naiveMicros / p.libraryMicros).toFixed(1)}x |`);
  return [
    `### sensitive words: a clean prompt against ${options.words.toLocaleString('en')} words (median of ${options.rounds} rounds of ${options.checksPerRound} checks)`,
    '',
    '| measure | naive loop (`words.find(includes)`) | @monyone/aho-corasick/fast | naive / library |',
    '|---|---|---|---|',
    ...rows,
    `| building the matcher (once per change of SensitiveWords) | none | ${result.buildMillis.toFixed(1)} ms | |`,
    '',
  ].join('\n');
}
