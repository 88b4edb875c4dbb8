import { describe, expect, it } from 'vitest';
import { UpstreamCancel } from './upstream-cancel.js';

describe('UpstreamCancel', () => {
  it("emits 'abort' once, however often it is cancelled", () => {
    const cancel = new UpstreamCancel();
    let heard = 0;
    cancel.on('abort', () => (heard += 1));
    cancel.cancel();
    cancel.cancel();
    expect(cancel.aborted).toBe(true);
    expect(heard).toBe(1);
  });

  it('gives an AbortSignal that follows it, whether asked for before or after the cancel', () => {
    const early = new UpstreamCancel();
    const signal = early.abortSignal();
    expect(signal.aborted).toBe(false);
    early.cancel();
    expect(signal.aborted).toBe(true);
    const late = new UpstreamCancel();
    late.cancel();
    expect(late.abortSignal().aborted).toBe(true);
  });
});
