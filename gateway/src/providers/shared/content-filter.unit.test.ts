import { describe, expect, it } from 'vitest';
import { asContentFiltered, finishedAsSensitive, outputSensitive } from './content-filter.js';

const answer = (finish: string | null, extra: object = {}) => ({ id: 'a', choices: [{ index: 0, message: { content: 'x' }, finish_reason: finish }], ...extra });

describe('content filtered the providers\u2019 own way', () => {
  it("tells GLM-4's `sensitive` finish as OpenAI's content_filter, and only that", () => {
    expect(finishedAsSensitive(answer('sensitive'))).toBe(true);
    expect([answer('stop'), answer(null), { choices: 'none' }, null].map(finishedAsSensitive)).toEqual([false, false, false, false]);
  });

  it("tells MiniMax's output_sensitive on a finishing answer or last chunk, not on a chunk that does not finish", () => {
    expect(outputSensitive(answer('stop', { output_sensitive: true }))).toBe(true);
    expect(outputSensitive(answer(null, { output_sensitive: true }))).toBe(false);
    expect(outputSensitive(answer('stop', { output_sensitive: false }))).toBe(false);
  });

  it('rewrites every finishing choice as content_filter, leaves the rest and the original as they were', () => {
    const original = { id: 'a', output_sensitive: true, choices: [{ index: 0, finish_reason: 'stop' }, { index: 1, finish_reason: null }] };
    expect(asContentFiltered(original)).toEqual({ id: 'a', output_sensitive: true, choices: [{ index: 0, finish_reason: 'content_filter' }, { index: 1, finish_reason: null }] });
    expect(original.choices[0]?.finish_reason).toBe('stop');
  });
});
