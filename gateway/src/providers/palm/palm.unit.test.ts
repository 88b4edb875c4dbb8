import { describe, expect, it } from 'vitest';
import { minimaxRefusal } from '../minimax/index.js';
import { palmRequest, readPalmAnswer } from './index.js';

describe('PaLM 2 generateMessage', () => {
  it('makes the user author "0" and everyone else "1"', () => {
    expect(palmRequest({ temperature: 0.1, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'u' }, { role: 'assistant', content: 'a' }] })).toEqual({
      prompt: { messages: [{ author: '1', content: 's' }, { author: '0', content: 'u' }, { author: '1', content: 'a' }] },
      temperature: 0.1,
      candidateCount: 1,
    });
  });

  it('counts usage from the echoed messages and the candidate; errors and filters are refusals', () => {
    const read = readPalmAnswer({ candidates: [{ content: 'four words right here' }], messages: [{ content: 'hi' }] });
    expect(read.text).toBe('four words right here');
    expect(read.usage?.completionTokens).toBeGreaterThanOrEqual(4);
    expect(readPalmAnswer({ error: { code: 400, message: 'bad key' } }).refusal).toBe('PaLM error 400: bad key');
    expect(readPalmAnswer({ filters: [{ reason: 'OTHER' }] }).refusal).toBe('PaLM filtered the prompt: OTHER');
  });
});

describe('MiniMax base_resp', () => {
  it('is a refusal when its status code is not 0', () => {
    expect(minimaxRefusal({ base_resp: { status_code: 1004, status_msg: 'login fail' } })).toBe('MiniMax error 1004: login fail');
    expect(minimaxRefusal({ base_resp: { status_code: 0, status_msg: '' }, choices: [] })).toBeNull();
  });
});
