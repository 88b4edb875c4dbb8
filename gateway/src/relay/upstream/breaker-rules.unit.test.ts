import { describe, expect, it } from 'vitest';
import { breakerFailureReason } from './breaker-rules.js';
import { rangesOf } from '../../channels/status-code-ranges.js';

const switches = { disableStatuses: rangesOf('401'), disableKeywords: ['quota exhausted'] };
const openAiError = (message: string) => JSON.stringify({ error: { message, type: 'x', code: 'y' } });

describe('breakerFailureReason', () => {
  it('counts no answer, server errors and timeouts, 429, and what would switch the channel off', () => {
    expect(breakerFailureReason(switches, null, '')).toBe('no answer (connection failed or timed out)');
    expect(breakerFailureReason(switches, 500, openAiError('boom'))).toBe('httpCode 500, message boom');
    expect(breakerFailureReason(switches, 504, '')).toBe('httpCode 504');
    expect(breakerFailureReason(switches, 429, openAiError('slow down'))).toBe('httpCode 429, message slow down');
    expect(breakerFailureReason(switches, 401, openAiError('bad key'))).toBe('httpCode 401, message bad key');
    expect(breakerFailureReason(switches, 403, openAiError('Your Quota Exhausted'))).toBe('httpCode 403, message Your Quota Exhausted');
  });

  it("does not count a client's own error", () => {
    expect(breakerFailureReason(switches, 400, openAiError('bad request'))).toBeNull();
    expect(breakerFailureReason(switches, 404, openAiError('no such model'))).toBeNull();
    expect(breakerFailureReason(switches, 413, '')).toBeNull();
  });
});
