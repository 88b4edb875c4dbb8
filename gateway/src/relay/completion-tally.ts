import { tokenCountPool } from '../providers/shared/token-count-pool.js';

/**
 * The most of a streamed answer's text kept as text: 32 Ki characters. Every string the tally
 * makes stays under V8's large-object size (128 KiB, even at two bytes a character), so what it
 * drops dies young: at 256 Ki, each fold flattened a 256 KiB string into the large-object space,
 * which only a full collection frees, and 100 fast 4 MB answers left 650 MB there after they ended.
 */
export const KEPT_ANSWER_CHARS = 32 * 1024;

/**
 * A streamed answer's text, for counting when the upstream reports no usage, in bounded memory:
 * past KEPT_ANSWER_CHARS it is counted now and dropped but for its last word, so the count stays
 * the tokenizer's. An answer that long is counted even when usage comes after all, off the
 * event loop (token-count-pool.ts).
 */
export class CompletionTally {
  /** The pieces not yet counted, joined only when folded or read. */
  private pieces: string[] = [];
  private keptChars = 0;
  /** The tokens of the text dropped so far, counted off the event loop one fold after another. */
  private counted: Promise<number> = Promise.resolve(0);

  add(piece: string): void {
    if (!piece) return;
    this.pieces.push(piece);
    this.keptChars += piece.length;
    if (this.keptChars > KEPT_ANSWER_CHARS) this.fold();
  }

  /** The text not yet counted. */
  text(): string {
    return this.joined();
  }

  /** Tokens of the text already dropped (their count may still be running). */
  countedTokens(): Promise<number> {
    return this.counted;
  }

  private joined(): string {
    const text = this.pieces.length === 1 ? (this.pieces[0] ?? '') : this.pieces.join('');
    this.pieces = text ? [text] : [];
    return text;
  }

  /**
   * Counts all but the newest piece's last word: the cut is at that piece's last space (a token
   * starts there), or at the piece's end when its last word is long or it has none (a streamed
   * delta ends on a token; a word of 16 Ki characters is counted in two parts). The
   * text kept is a slice of that one piece, never of a joined string: a slice keeps its whole
   * parent alive, and a paused stream would hold it until its next fold.
   */
  private fold(): void {
    const newest = this.pieces.pop() ?? '';
    // Only the piece's tail is searched: lastIndexOf over a 10 MB word without a space read all of it.
    const tailStart = Math.max(0, newest.length - KEPT_ANSWER_CHARS / 2);
    const space = newest.slice(tailStart).lastIndexOf(' ');
    const cut = space >= 0 ? tailStart + space : newest.length;
    this.pieces.push(newest.slice(0, cut));
    // Handed over at once (a chain of counts would hold every fold's text until the one before it
    // is counted); the pool never rejects (a failed count is billed by bytes).
    const count = tokenCountPool.countSmall(this.pieces.join(''));
    this.counted = Promise.all([this.counted, count]).then(([sum, tokens]) => sum + tokens);
    const rest = newest.slice(cut);
    this.pieces = rest ? [rest] : [];
    this.keptChars = rest.length;
  }
}
