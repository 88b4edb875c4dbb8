import { z } from 'zod';
import type { OneTimeCodes } from '../../ports/hot-state/one-time-codes.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const text = z.string().max(1_000);

/** The owner's side: a code issued through one worker is redeemed once through any. */
export function oneTimeCodesHandlers(codes: OneTimeCodes): PortHandlers {
  return {
    issue: handle(z.tuple([text, text, text, z.number().int().positive()]), ([purpose, key, code, ttlMs]) => codes.issue(purpose, key, code, ttlMs)),
    redeem: handle(z.tuple([text, text, text]), ([purpose, key, code]) => codes.redeem(purpose, key, code)),
  };
}

export class IpcOneTimeCodes implements OneTimeCodes {
  constructor(private readonly client: IpcClient) {}

  async issue(purpose: string, key: string, code: string, ttlMs: number): Promise<void> {
    await this.client.call('codes', 'issue', [purpose, key, code, ttlMs]);
  }

  redeem(purpose: string, key: string, code: string): Promise<boolean> {
    return this.client.call('codes', 'redeem', [purpose, key, code]);
  }
}
