import type { AnalyticsQuerier } from '@tollgate/analytics';
import { dict } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { analyticsQuerierHandlers, IpcAnalyticsQuerier } from './analytics-querier.js';
import { IpcClient } from './client.js';
import { loopbackLinks } from './link.js';
import { IpcOwner, type PortHandlers } from './owner.js';

/** An engine that answers one row as a server would (a quoted 64-bit int), and streams `chunks`, failing after them when asked. */
function engine(chunks: Uint8Array[], failAfter = false): AnalyticsQuerier {
  return {
    query: async ({ schema }) => [schema.parse({ id: '9007199254740993', name: 'a' })],
    async *queryBytes() {
      for (const chunk of chunks) yield chunk;
      if (failAfter) throw new Error('engine failed mid-export');
    },
    insert: async () => {},
    command: async () => {},
    close: async () => {},
  };
}

function workerOn(querier: AnalyticsQuerier): IpcAnalyticsQuerier {
  const ports = dict<PortHandlers>();
  const owner = new IpcOwner(ports);
  ports.analytics = analyticsQuerierHandlers(querier, owner);
  const [ownerEnd, workerEnd] = loopbackLinks();
  owner.attach(ownerEnd);
  return new IpcAnalyticsQuerier(new IpcClient(workerEnd));
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<number[]> {
  const bytes: number[] = [];
  for await (const chunk of stream) bytes.push(...chunk);
  return bytes;
}

describe("IpcAnalyticsQuerier: a relay worker's queries run on the owner's engine", () => {
  it("parses the engine's rows with the worker's own schema, as the engine's adapter would", async () => {
    const rows = await workerOn(engine([])).query({ sql: 'SELECT 1', schema: z.object({ id: z.coerce.bigint(), name: z.string() }) });
    expect(rows).toEqual([{ id: 9007199254740993n, name: 'a' }]);
  });

  it("streams an export's bytes in order, chunk by chunk, and two exports at once apart", async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([]), new Uint8Array([4, 250, 255])];
    const worker = workerOn(engine(chunks));
    const query = { sql: 'SELECT 1', format: 'Parquet' as const };
    expect(await Promise.all([collect(worker.queryBytes(query)), collect(worker.queryBytes(query))])).toEqual([
      [1, 2, 3, 4, 250, 255],
      [1, 2, 3, 4, 250, 255],
    ]);
  });

  it('fails the export when the engine fails mid-way, after the bytes it wrote', async () => {
    const seen: number[] = [];
    const failing = (async () => {
      for await (const chunk of workerOn(engine([new Uint8Array([7])], true)).queryBytes({ sql: 'SELECT 1', format: 'Parquet' })) seen.push(...chunk);
    })();
    await expect(failing).rejects.toThrow('engine failed mid-export');
    expect(seen).toEqual([7]);
  });
});
