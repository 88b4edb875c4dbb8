import { describe, expect, it } from 'vitest';
import { declaresLargeBody, encodedInTurns, isLargeText, LARGE_BODY_BYTES } from './large-body.js';

describe('large bodies', () => {
  it('are the ones past LARGE_BODY_BYTES, by content-length or by text length', () => {
    expect(declaresLargeBody({ 'content-length': String(LARGE_BODY_BYTES + 1) })).toBe(true);
    expect(declaresLargeBody({ 'content-length': String(LARGE_BODY_BYTES) })).toBe(false);
    expect(declaresLargeBody({})).toBe(false);
    expect(isLargeText('a'.repeat(LARGE_BODY_BYTES + 1))).toBe(true);
    expect(isLargeText('a'.repeat(LARGE_BODY_BYTES))).toBe(false);
    expect(isLargeText(Buffer.alloc(LARGE_BODY_BYTES + 1))).toBe(false);
  });

  it('are encoded to the UTF-8 bytes Buffer.from gives, on a turn of their own', async () => {
    const text = `${'é'.repeat(LARGE_BODY_BYTES)}😀`;
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const bytes = await encodedInTurns(text);
    expect(turned).toBe(true);
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });
});
