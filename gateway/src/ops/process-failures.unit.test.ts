import { describe, expect, it, vi } from 'vitest';
import { processFailureHandlers, unhandledRejections } from './process-failures.js';

const count = async () => (await unhandledRejections.get()).values[0]?.value ?? 0;

describe('the process failure policy', () => {
  it('logs an unhandled rejection with the error itself (pino writes its stack), counts it, and does not exit', async () => {
    const log = { error: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    const before = await count();
    const reason = new Error('Connection is closed.');
    processFailureHandlers(log, exit).onUnhandledRejection(reason);
    expect(log.error).toHaveBeenCalledWith({ err: reason }, 'unhandled promise rejection; the process stays up');
    expect(await count()).toBe(before + 1);
    expect(exit).not.toHaveBeenCalled();
  });

  it('logs an uncaught exception as fatal, then exits with code 1', () => {
    const log = { error: vi.fn(), fatal: vi.fn() };
    const exit = vi.fn();
    const error = new TypeError('x is undefined');
    processFailureHandlers(log, exit).onUncaughtException(error);
    expect(log.fatal).toHaveBeenCalledWith({ err: error }, 'uncaught exception; the process exits');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('exits even when logging the exception fails', () => {
    const exit = vi.fn();
    const log = {
      error: vi.fn(),
      fatal: () => {
        throw new Error('stdout closed');
      },
    };
    expect(() => processFailureHandlers(log, exit).onUncaughtException(new Error('boom'))).toThrow('stdout closed');
    expect(exit).toHaveBeenCalledWith(1);
  });
});
