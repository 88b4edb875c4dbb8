import { describe, expect, it } from 'vitest';
import { eventJson, SseEventSplitter } from './sse-events.js';

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
