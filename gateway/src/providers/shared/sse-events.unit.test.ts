import { describe, expect, it } from 'vitest';
import { eventJson, SseEventSplitter, SseEventTooLarge } from './sse-events.js';

describe('SseEventSplitter', () => {
  it('yields whole events however the bytes are split', () => {
    const splitter = new SseEventSplitter();
    expect(splitter.push('data: {"a":')).toEqual([]);
    expect(splitter.push('1}\n\ndata: [DO')).toEqual(['data: {"a":1}\n\n']);
    expect(splitter.push('NE]\n\n')).toEqual(['data: [DONE]\n\n']);
    expect(splitter.rest()).toBe('');
  });

  it('splits CRLF-separated events, even when a CR and its LF arrive apart', () => {
    const splitter = new SseEventSplitter();
    expect(splitter.push('data: {"a":1}\r\n\r')).toEqual([]);
    expect(splitter.push('\ndata: {"b":2}\r\n\r\n')).toEqual(['data: {"a":1}\n\n', 'data: {"b":2}\n\n']);
  });

  it('reads the JSON of a data line and ignores [DONE], comments and malformed data', () => {
    expect(eventJson('data: {"x":2}\n\n')).toEqual({ x: 2 });
    expect(eventJson('data: [DONE]\n\n')).toBeNull();
    expect(eventJson(': keep-alive\n\n')).toBeNull();
    expect(eventJson('data: {broken\n\n')).toBeNull();
    expect(eventJson('data: {"x":3}')).toEqual({ x: 3 });
  });

  it('joins the data lines of an event of several lines, skipping its other fields', () => {
    expect(eventJson('event: delta\nid: 7\ndata: {"a":\ndata: 1}\n\n')).toEqual({ a: 1 });
    expect(eventJson('event: ping\n\n')).toBeNull();
  });
});

describe('SseEventSplitter under a hostile upstream', () => {
  it('splits the same events however the stream is cut into chunks, CRLF or LF', () => {
    const stream = 'data: {"a":1}\r\n\r\nevent: x\ndata: {"b":2}\n\ndata: [DONE]\r\n\r\n';
    const whole = new SseEventSplitter().push(stream);
    expect(whole).toHaveLength(3);
    for (let size = 1; size <= 7; size++) {
      const splitter = new SseEventSplitter();
      const events: string[] = [];
      for (let at = 0; at < stream.length; at += size) events.push(...splitter.push(stream.slice(at, at + size)));
      expect(events, `chunks of ${size}`).toEqual(whole);
    }
  });

  it('ends a stream whose one event grows past the limit, instead of buffering it for ever', () => {
    const splitter = new SseEventSplitter(1_000);
    expect(splitter.push(`data: ${'x'.repeat(900)}`)).toEqual([]);
    expect(() => splitter.push('x'.repeat(200))).toThrow(SseEventTooLarge);
  });

  it('costs each chunk its own length: an event in many small pieces is not rescanned whole each time', () => {
    // 4 MB in 1 KB pieces: rescanning the buffer per piece reads about 8 GB of text, minutes of CPU.
    // Here the splitter looks at each character a bounded number of times, so it ends in well under
    // the test's timeout on any machine; the quadratic splitter does not finish in it.
    const splitter = new SseEventSplitter();
    const piece = 'y'.repeat(1024);
    for (let i = 0; i < 4096; i++) expect(splitter.push(piece)).toEqual([]);
    expect(splitter.push('\n\n')).toEqual([`${piece.repeat(4096)}\n\n`]);
  }, 5_000);
});
