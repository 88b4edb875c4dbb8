import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnalyticsRequest } from './messages.js';
import { createRelayedQuerier } from './relayed-querier.js';

/** A relayed querier whose requests are kept, with what each transferred. */
function relayed() {
  const sent: Array<{ request: AnalyticsRequest; transfer: ArrayBuffer[] }> = [];
  const querier = createRelayedQuerier((request, transfer) => sent.push({ request, transfer }));
  return { querier, sent };
}

describe("the ingestion thread's querier", () => {
  it('writes the rows as one JSONCompactEachRow body, hands its buffer over, and resolves once the insert is answered', async () => {
    const { querier, sent } = relayed();
    let done = false;
    const insert = querier.insert('logs', [{ id: 'e1', quota: 7 }, { id: 'e2', content: 'a "b"\nc' }]).then(() => (done = true));
    const [{ request, transfer } = { request: undefined, transfer: [] }] = sent;
    expect(request).toMatchObject({ kind: 'insert', table: 'logs', columns: ['id', 'quota', 'content'] });
    const body = request?.kind === 'insert' ? request.body : new Uint8Array();
    expect(new TextDecoder().decode(body)).toBe('["e1",7,null]\n["e2",null,"a \\"b\\"\\nc"]');
    expect(transfer).toEqual([body.buffer]);
    await Promise.resolve();
    expect(done).toBe(false); // not before the relay's thread says the insert is done
    querier.receive({ kind: 'answer', id: request?.id ?? -1 });
    await insert;
    expect(done).toBe(true);
  });

  it('parses a query\'s rows with the caller\'s schema, and fails a request the relay\'s thread refused', async () => {
    const { querier, sent } = relayed();
    const query = querier.query({ sql: 'SELECT id FROM logs', params: { from: 1 }, schema: z.object({ id: z.string() }) });
    querier.receive({ kind: 'answer', id: sent[0]?.request.id ?? -1, rows: [{ id: 'e1' }] });
    expect(await query).toEqual([{ id: 'e1' }]);
    const refused = querier.insert('logs', [{ id: 'e3' }]);
    querier.receive({ kind: 'refused', id: sent[1]?.request.id ?? -1, message: 'chdb refused the part' });
    await expect(refused).rejects.toThrow('chdb refused the part');
  });

  it('sends nothing for no rows, refuses commands and streamed queries, and fails what waits when closed', async () => {
    const { querier, sent } = relayed();
    await querier.insert('logs', []);
    expect(sent).toHaveLength(0);
    await expect(querier.command('DROP TABLE logs')).rejects.toThrow('does not run commands');
    const pending = querier.query({ sql: 'SELECT 1', schema: z.unknown() });
    await querier.close();
    await expect(pending).rejects.toThrow('closed');
  });
});
