import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Usage } from '../types.js';
import { countTokens, isSpace, LONGEST_COUNTED_RUN, tokenPieces } from './token-count.js';

/** Texts up to this many characters are counted on the event loop: at worst a few milliseconds. */
export const COUNTED_ON_LOOP_CHARS = 16 * 1024;
/** Texts are counted exactly up to this many characters; beyond, each character is billed its UTF-8 bytes. */
export const COUNTED_EXACTLY_CHARS = 4 * 1024 * 1024;
/**
 * Counts waiting for the worker at most: each holds its text in the worker's queue. More are
 * counted on the loop (small ones) or billed by bytes (large ones), so a flood cannot queue
 * without end. One waiting count keeps the worker busy; at 256, a flood of 100 streams' folds grew
 * the process by 23 MB outside the main heap, at 64 by 10 MB.
 */
const MAX_WAITING = 64;

/**
 * Every o200k token stands for at least one byte of UTF-8, so a text's byte length is never below
 * its count: the estimate for what is not counted exactly never undercharges. It overcharges
 * (about 4.5x English, 3.7x Chinese, 8x one repeated letter), and only past COUNTED_EXACTLY_CHARS.
 */
/** The counting thread's nice value: it yields its core to the event loop's thread when both want it. */
const COUNTING_NICE = 10;

export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

// The worker cuts and counts with the very functions the event loop uses (their source, as loaded):
// one cutting rule, and the large text crosses as one string instead of thousands of pieces.
// It runs at a lower priority than the event loop (Linux's nice is per thread; os.setPriority()
// without a pid sets the calling thread's): where the two share a core, a count of 4 Mi characters
// waits for the loop, not the loop for the count. Where a system refuses, it runs at the default.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(${COUNTING_NICE}); } catch {}
const { countTokens: countBpe } = require(workerData.tokenizer);
const LONGEST_COUNTED_RUN = ${LONGEST_COUNTED_RUN};
const isSpace = ${isSpace.toString()};
${tokenPieces.toString()}
parentPort.on('message', ({ id, text }) => {
  let total = 0;
  for (const piece of tokenPieces(text)) total += countBpe(piece);
  parentPort.postMessage({ id, total });
});
`;

/**
 * The worker's heap, small: it holds the tokenizer's tables (about 20 MB) and one text at a time,
 * and without a bound V8 let its garbage grow a few hundred MB under a flood of streams' folds. A
 * worker past it ends, and what it held is billed by bytes (see `lost`).
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 160 };

interface Waiting {
  resolve(total: number): void;
  /** The UTF-8 bytes past COUNTED_EXACTLY_CHARS, added to what the worker counts. */
  beyond: number;
  /**
   * The text's UTF-8 bytes, billed if the worker fails. Not the text: a stream's fold is a slice
   * that keeps its whole joined parent alive, and 256 of them held 12 MB while the worker counted.
   */
  bytes: number;
}

/**
 * Token counting that never holds the event loop: a small text is counted in place, a large one
 * by one worker thread (exact up to COUNTED_EXACTLY_CHARS, bytes beyond). The worker is started
 * on the first large count and does not keep the process alive; if it fails, what it was counting
 * is billed by its bytes (never less than its tokens) and the next large count starts a new one.
 */
export class TokenCountPool {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  /** The text's tokens; past COUNTED_EXACTLY_CHARS its UTF-8 bytes (the worker does both, so the loop only hands it over). */
  async count(text: string): Promise<number> {
    if (text.length <= COUNTED_ON_LOOP_CHARS) return countTokens(text);
    return this.offLoop(text);
  }

  /**
   * The tokens of a small text (a stream's fold: many, each a few KiB), by the worker while it has
   * room, else here: exact either way, and a flood of them is held back by the loop's own pace
   * rather than queued with its text.
   */
  countSmall(text: string): Promise<number> {
    return this.waiting.size < MAX_WAITING ? this.offLoop(text) : Promise.resolve(countTokens(text));
  }

  /** The tokenizer fills its caches on its first count (5 ms here): at the start, not in a client's call. */
  warmUp(): void {
    countTokens('Warm up the tokenizer.');
  }

  async usage(prompt: string, completion: string): Promise<Usage> {
    const [promptTokens, completionTokens] = await Promise.all([this.count(prompt), this.count(completion)]);
    return { promptTokens, completionTokens };
  }

  /** Ends the worker; counts still waiting are billed by their bytes. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.settleAll();
    await worker?.terminate();
  }

  /**
   * Only the part counted exactly crosses to the worker (copying a string costs the loop about a
   * millisecond per 2 MB); the bytes beyond are measured here, far faster than they are copied.
   */
  private offLoop(text: string): Promise<number> {
    if (this.waiting.size >= MAX_WAITING) return Promise.resolve(utf8Bytes(text));
    const worker = this.started();
    const id = this.nextId++;
    const exact = text.length > COUNTED_EXACTLY_CHARS ? text.slice(0, COUNTED_EXACTLY_CHARS) : text;
    const beyond = exact === text ? 0 : utf8Bytes(text.slice(COUNTED_EXACTLY_CHARS));
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, beyond, bytes: utf8Bytes(exact) + beyond });
      worker.ref(); // while it counts, the process waits for it
      worker.postMessage({ id, text: exact });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const tokenizer = createRequire(import.meta.url).resolve('gpt-tokenizer');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { tokenizer }, resourceLimits: WORKER_HEAP });
    worker.unref();
    worker.on('message', ({ id, total }: { id: number; total: number }) => this.settle(id, (counted) => total + counted.beyond));
    worker.on('error', () => this.lost(worker));
    worker.on('exit', () => this.lost(worker));
    this.worker = worker;
    return worker;
  }

  /** Answers a waiting count with its total, from the worker's count or from the bytes. */
  private settle(id: number, total: (waiting: Waiting) => number): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (waiting) waiting.resolve(total(waiting));
    if (this.waiting.size === 0) this.worker?.unref();
  }

  /** A worker that failed or ended: what it held is billed by its bytes, and the next count starts another. */
  private lost(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.settleAll();
  }

  private settleAll(): void {
    for (const id of this.waiting.keys()) this.settle(id, (lost) => lost.bytes);
  }
}

/**
 * The gateway's one pool: counting is a pure function of the text, with no engine or setting to
 * choose, so the relay shares this instance rather than having it passed down every call path.
 */
export const tokenCountPool = new TokenCountPool();
