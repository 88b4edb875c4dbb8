import { tokenCountPool } from '../providers/shared/token-count-pool.js';

/** The most of a streamed answer's text kept as text: 256 Ki characters. */
export const KEPT_ANSWER_CHARS = 256 * 1024;

/**
 * A streamed answer's text, for counting when the upstream reports no usage, in bounded memory:
 * past KEPT_ANSWER_CHARS the older half is counted now and dropped, cut at a space so the count
 * stays the tokenizer's (a 4 MB answer, 100 at once, held 400 MB until each ended). An answer that
 * long is counted even when usage comes after all, off the event loop (token-count-pool.ts).
 */
export class CompletionTally {
  private kept = '';
  /** The tokens of the text dropped so far, counted off the event loop one fold after another. */
  private counted: Promise<number> = Promise.resolve(0);

  add(piece: string): void {
    this.kept += piece;
    if (this.kept.length > KEPT_ANSWER_CHARS) this.fold();
  }

  /** The text not yet counted. */
  text(): string {
    return this.kept;
  }

  /** Tokens of the text already dropped (their count may still be running). */
  countedTokens(): Promise<number> {
    return this.counted;
  }

  private fold(): void {
    const half = this.kept.length - KEPT_ANSWER_CHARS / 2;
    const space = this.kept.lastIndexOf(' ', half);
    const cut = space > 0 ? space : half;
    const dropped = this.kept.slice(0, cut);
    // The pool never rejects (a failed count is billed by bytes), so the chain cannot break.
    this.counted = this.counted.then(async (sum) => sum + (await tokenCountPool.count(dropped)));
    this.kept = this.kept.slice(cut);
  }
}
