import { describe, expect, it } from 'vitest';
import { optionDefaults } from '../options/option-defaults.js';
import { type HealthSwitches, keywordList, shouldDisable, shouldEnable, slowTestReason, type UpstreamFailure } from './health-rules.js';
import { rangesOf } from './status-code-ranges.js';

const rules = { disableStatuses: rangesOf(optionDefaults.AutomaticDisableStatusCodes), disableKeywords: keywordList(optionDefaults.AutomaticDisableKeywords) };
const on: HealthSwitches = { automaticDisable: true, automaticEnable: true, disableThresholdSeconds: 5, ...rules };
const off: HealthSwitches = { automaticDisable: false, automaticEnable: false, disableThresholdSeconds: 0, ...rules };
const failure = (patch: Partial<UpstreamFailure>): UpstreamFailure => ({ status: 500, type: '', code: '', message: 'boom', ...patch });

describe('shouldDisable', () => {
  it('given the switch off, when the key is rejected, then the channel stays', () => {
    expect(shouldDisable(off, 1, failure({ status: 401 }))).toBe(false);
  });

  it('given the switch on, when the upstream rejects the key or the account, then the channel goes', () => {
    expect(shouldDisable(on, 1, failure({ status: 401 }))).toBe(true);
    expect(shouldDisable(on, 1, failure({ status: 400, code: 'invalid_api_key' }))).toBe(true);
    expect(shouldDisable(on, 1, failure({ status: 429, type: 'insufficient_quota' }))).toBe(true);
    expect(shouldDisable(on, 14, failure({ status: 400, message: 'Your credit balance is too low to access the API' }))).toBe(true);
  });

  it('given the switch on, when Gemini answers 403, then only a Gemini channel goes', () => {
    expect(shouldDisable(on, 24, failure({ status: 403 }))).toBe(true);
    expect(shouldDisable(on, 1, failure({ status: 403 }))).toBe(false);
  });

  it('given the switch on, when one call fails for its own reasons, then the channel stays', () => {
    expect(shouldDisable(on, 1, failure({ status: 500, message: 'upstream overloaded' }))).toBe(false);
    expect(shouldDisable(on, 1, failure({ status: 400, type: 'invalid_request_error', message: 'bad messages' }))).toBe(false);
  });

  it('AutomaticDisableStatusCodes: a status in its ranges disables, one outside does not', () => {
    const switches = { ...on, disableStatuses: rangesOf('403, 500-503') };
    expect([401, 403, 499, 500, 502, 503, 504].map((status) => shouldDisable(switches, 1, failure({ status })))).toEqual([false, true, false, true, true, true, false]);
  });

  it('AutomaticDisableKeywords: a keyword anywhere in the message, in either case, disables; the default list holds new-api\'s', () => {
    const switches = { ...on, disableKeywords: keywordList('  Account SUSPENDED \n\nkey revoked') };
    expect(shouldDisable(switches, 1, failure({ message: 'Your account suspended until further notice' }))).toBe(true);
    expect(shouldDisable(switches, 1, failure({ message: 'The KEY REVOKED by owner' }))).toBe(true);
    expect(shouldDisable(switches, 1, failure({ message: 'Your credit balance is too low' }))).toBe(false);
    expect(shouldDisable(on, 1, failure({ status: 400, message: 'permission denied for this org' }))).toBe(true);
  });
});

describe('shouldEnable', () => {
  it('given an automatically disabled channel, when its test passes, then it comes back', () => {
    expect(shouldEnable(on, 3, false)).toBe(true);
  });

  it('given a channel an admin disabled, or a failed test, or the switch off, then it stays off', () => {
    expect(shouldEnable(on, 2, false)).toBe(false);
    expect(shouldEnable(on, 3, true)).toBe(false);
    expect(shouldEnable(off, 3, false)).toBe(false);
  });
});

describe('slowTestReason', () => {
  it('given a threshold, when a test takes longer, then the reason names both times', () => {
    expect(slowTestReason(on, 6500)).toBe('响应时间 6.50s 超过阈值 5.00s');
    expect(slowTestReason(on, 4000)).toBeNull();
  });

  it('given no threshold, then no test is too slow', () => {
    expect(slowTestReason(off, 600_000)).toBeNull();
  });
});
