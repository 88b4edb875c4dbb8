import type { Throughput } from '@tollgate/wire';
import { z } from 'zod';
import type { MeteredCall, ThroughputReading, UsageMeter } from '../../ports/hot-state/usage-meter.js';
import type { IpcClient } from './client.js';
import { handle, type PortHandlers } from './owner.js';

const callSchema = z.object({ userId: z.number().int(), tokens: z.number().nonnegative(), atMs: z.number() });
const readingSchema = z.object({ all: z.object({ rpm: z.number(), tpm: z.number() }), users: z.array(z.tuple([z.number(), z.object({ rpm: z.number(), tpm: z.number() })])) });

/** The owner's side: one meter counts every worker's calls. A reading's Map travels as its entries. */
export function usageMeterHandlers(meter: UsageMeter): PortHandlers {
  return {
    record: handle(z.tuple([z.array(callSchema).max(100_000)]), ([calls]) => meter.record(calls)),
    lastMinute: handle(z.tuple([z.array(z.number().int()).max(10_000), z.number()]), async ([userIds, nowMs]) => {
      const reading = await meter.lastMinute(userIds, nowMs);
      return { all: reading.all, users: [...reading.users] };
    }),
  };
}

export class IpcUsageMeter implements UsageMeter {
  constructor(private readonly client: IpcClient) {}

  async record(calls: readonly MeteredCall[]): Promise<void> {
    if (calls.length > 0) await this.client.call('meter', 'record', [calls]);
  }

  async lastMinute(userIds: readonly number[], nowMs: number): Promise<ThroughputReading> {
    const reading = readingSchema.parse(await this.client.call('meter', 'lastMinute', [userIds, nowMs]));
    return { all: reading.all, users: new Map<number, Throughput>(reading.users) };
  }
}
