import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * Why a pool: the library's default refills 32 bytes of randomness per `getRandomValues` call, a
 * call every two or three ids, and ids are made on every relayed request (hold, request, event).
 * One 4 KB refill serves about 340 ids; measured side by side, an id costs 0.7 µs instead of 1.1.
 */
class PooledRandom {
  private readonly pool = new Uint32Array(1024);
  private cursor = this.pool.length;

  nextUint32(): number {
    if (this.cursor === this.pool.length) {
      randomFillSync(this.pool);
      this.cursor = 0;
    }
    return this.pool[this.cursor++] ?? 0;
  }
}

const generator = new V7Generator(new PooledRandom());

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where each byte's two digits go in the 8-4-4-4-12 form; the hyphens stay where `canonical` put them. */
const DIGIT_POSITIONS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const canonical = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/**
 * The canonical text of a UUID's 16 bytes. The library's `toString` adds a character at a time
 * (36 concatenations, about 1.3 KB of garbage an id and three ids a relayed call); this writes
 * the digits into one reused buffer and makes one string: 170-540 ns against 470-490 ns measured
 * side by side, and a fiftieth of the garbage.
 */
export function uuidText(bytes: Uint8Array): string {
  for (let i = 0; i < 16; i++) {
    const byte = bytes[i] ?? 0;
    const at = DIGIT_POSITIONS[i] ?? 0;
    canonical[at] = HEX_DIGITS[byte >>> 4] ?? 0;
    canonical[at + 1] = HEX_DIGITS[byte & 0xf] ?? 0;
  }
  return canonical.toString('latin1', 0, 36);
}

/** A new UUIDv7: time-ordered, so ids sort by when they were made. */
export function newId(): string {
  return uuidText(generator.generate().bytes);
}
