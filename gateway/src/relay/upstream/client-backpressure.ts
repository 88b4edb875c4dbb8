import type { ServerResponse } from 'node:http';
import type { Backpressure } from './upstream-chunks.js';

/**
 * The client's side of a streamed answer: blocked while its socket's buffer is over Node's
 * high-water mark (16 KiB), until it drains, or the client leaves (then the relay cancels the
 * upstream call, and resuming only lets the body see that).
 */
export function clientBackpressure(raw: ServerResponse): Backpressure {
  return {
    blocked: () => raw.writableNeedDrain && !raw.destroyed,
    onceUnblocked(resume) {
      const done = () => {
        raw.off('drain', done);
        raw.off('close', done);
        resume();
      };
      raw.on('drain', done);
      raw.on('close', done);
    },
  };
}
