import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { forEachChunk } from './upstream-chunks.js';

const bytes = (text: string) => Buffer.from(text);
const texts = (chunks: Uint8Array[]) => chunks.map((c) => Buffer.from(c).toString());

describe('forEachChunk', () => {
  it('hands over a Node stream chunk by chunk, in order, and resolves at its end', async () => {
    const body = new PassThrough();
    const seen: Uint8Array[] = [];
    const done = forEachChunk(body, (chunk) => (seen.push(chunk), true));
    body.write(bytes('a'));
    body.write(bytes('b'));
    body.end(bytes('c'));
    await done;
    expect(texts(seen)).toEqual(['a', 'b', 'c']);
  });

  it('drops the body when the handler returns false', async () => {
    const body = new PassThrough();
    const seen: Uint8Array[] = [];
    const done = forEachChunk(body, (chunk) => (seen.push(chunk), false));
    body.write(bytes('a'));
    await done;
    expect(body.destroyed).toBe(true);
    expect(texts(seen)).toEqual(['a']);
  });

  it('rejects when the body breaks off before its end', async () => {
    const body = new PassThrough();
    const done = forEachChunk(body, () => true);
    body.write(bytes('a'));
    body.destroy(new Error('socket hang up'));
    await expect(done).rejects.toThrow('socket hang up');
  });

  it('rejects with what the handler threw, and drops the body', async () => {
    const body = new PassThrough();
    const done = forEachChunk(body, () => {
      throw new Error('bad chunk');
    });
    body.write(bytes('a'));
    await expect(done).rejects.toThrow('bad chunk');
    expect(body.destroyed).toBe(true);
  });

  it('iterates a source that is not a Node stream, stopping when told', async () => {
    async function* frames() {
      yield bytes('x');
      yield bytes('y');
      yield bytes('z');
    }
    const seen: Uint8Array[] = [];
    await forEachChunk(frames(), (chunk) => (seen.push(chunk), seen.length < 2));
    expect(texts(seen)).toEqual(['x', 'y']);
  });
});
