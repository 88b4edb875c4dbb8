import { z } from 'zod';
import type { Leases } from '../../ports/hot-state/leases.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const args = z.tuple([z.string().min(1).max(200), z.string().min(1).max(200), z.number().int().positive()]);

/** The owner's side: one holder per lease across every worker. */
export function leasesHandlers(leases: Leases): PortHandlers {
  return {
    claim: handle(args, ([name, holder, ttlMs]) => leases.claim(name, holder, ttlMs)),
    renew: handle(args, ([name, holder, ttlMs]) => leases.renew(name, holder, ttlMs)),
  };
}

export class IpcLeases implements Leases {
  constructor(private readonly client: IpcClient) {}

  claim(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.client.call('leases', 'claim', [name, holder, ttlMs]);
  }

  renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return this.client.call('leases', 'renew', [name, holder, ttlMs]);
  }
}
