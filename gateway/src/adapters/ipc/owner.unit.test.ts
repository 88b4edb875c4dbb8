import { dict } from '@tollgate/wire';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IpcClient } from './client.js';
import { loopbackLinks } from './link.js';
import { handle, IpcOwner, type PortHandlers } from './owner.js';

function joined(onDropped: (message: unknown) => void = () => {}) {
  const ports = dict<PortHandlers>();
  ports.holds = { acquire: handle(z.tuple([z.object({ most: z.number().int().nonnegative() })]), ([request]) => ({ ok: true, granted: request.most })) };
  const owner = new IpcOwner(ports, onDropped);
  const [ownerEnd, workerEnd] = loopbackLinks();
  owner.attach(ownerEnd);
  return { client: new IpcClient(workerEnd), workerEnd };
}

describe('IpcOwner: what a worker sends is parsed before any store sees it', () => {
  it('answers a call whose arguments its schema accepts', async () => {
    expect(await joined().client.call('holds', 'acquire', [{ most: 70 }])).toEqual({ ok: true, granted: 70 });
  });

  it('refuses arguments the schema refuses, an unknown method, and a name from Object.prototype', async () => {
    const { client } = joined();
    await expect(client.call('holds', 'acquire', [{ most: -1 }])).rejects.toThrow();
    await expect(client.call('holds', 'release', [])).rejects.toThrow('no method holds.release');
    await expect(client.call('constructor', 'name', [])).rejects.toThrow('no method');
    await expect(client.call('holds', 'toString', [])).rejects.toThrow('no method');
  });

  it('drops a message that is no call, and fails the calls in flight once the owner is gone', async () => {
    const dropped: unknown[] = [];
    const { client, workerEnd } = joined((message) => dropped.push(message));
    workerEnd.send({ t: 'tg-result', id: 1, ok: true });
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(dropped).toEqual([{ t: 'tg-result', id: 1, ok: true }]);
    const pending = client.call('holds', 'acquire', [{ most: 1 }]);
    client.close();
    await expect(pending).rejects.toThrow('owner process is gone');
  });
});
