import { describe, expect, it } from 'vitest';
import { relayLogLevel } from './relay-log-level.js';

describe('relayLogLevel', () => {
  it('leaves out the per-call lines by default: info, debug and trace become warn', () => {
    expect(['info', 'debug', 'trace'].map((LOG_LEVEL) => relayLogLevel({ LOG_LEVEL: LOG_LEVEL as 'info', LOG_RELAY_REQUESTS: false }))).toEqual(['warn', 'warn', 'warn']);
  });

  it('keeps a quieter level as set', () => {
    expect(['warn', 'error', 'fatal', 'silent'].map((LOG_LEVEL) => relayLogLevel({ LOG_LEVEL: LOG_LEVEL as 'warn', LOG_RELAY_REQUESTS: false }))).toEqual(['warn', 'error', 'fatal', 'silent']);
  });

  it('follows LOG_LEVEL when LOG_RELAY_REQUESTS asks for the lines', () => {
    expect(relayLogLevel({ LOG_LEVEL: 'info', LOG_RELAY_REQUESTS: true })).toBe('info');
    expect(relayLogLevel({ LOG_LEVEL: 'debug', LOG_RELAY_REQUESTS: true })).toBe('debug');
  });
});
