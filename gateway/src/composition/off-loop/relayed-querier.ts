import { type AnalyticsQuerier, encodeRows } from '@tollgate/analytics';
import type { AnalyticsRequest, Answer } from './messages.js';

/** Sends a request to the relay's thread; `transfer` lists what moves there without a copy. */
export type SendRequest = (request: AnalyticsRequest, transfer: ArrayBuffer[]) => void;

/** The thread's side of the analytics engine: a querier whose work the relay's thread does. */
export interface RelayedQuerier extends AnalyticsQuerier {
  /** Hands an answer from the relay's thread to the request waiting for it. */
  receive(answer: Answer): void;
}

/**
 * The analytics engine as the ingestion's thread sees it. The rows' JSON is written here, on this
 * thread, and the ready body moves to the relay's thread (transferred, not copied), which inserts
 * it into chdb and answers once the insert is done: the ingestion's subscription commits a batch's
 * offsets only after that answer, as it does after a local insert, so the exactly-once rules stay
 * the same (a batch whose answer never came is delivered again, marked may-repeat, and its rows
 * already in `logs` are dropped by the dedupe query, which runs on the relay's thread too).
 * Only what the ingestion and the backfill use is here: inserts and queries.
 */
export function createRelayedQuerier(send: SendRequest): RelayedQuerier {
  let nextId = 0;
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  const request = (make: (id: number) => AnalyticsRequest, transfer: ArrayBuffer[] = []) =>
    new Promise<unknown[]>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      send(make(id), transfer);
    });
  const unsupported = (what: string) => new Error(`the ingestion's thread does not ${what}: only inserts and queries reach the analytics engine from here`);
  return {
    receive(answer) {
      const pending = waiting.get(answer.id);
      if (!pending) return; // an answer to nothing: its request was never sent from this thread
      waiting.delete(answer.id);
      if (answer.kind === 'answer') pending.resolve(answer.rows ?? []);
      else pending.reject(new Error(answer.message));
    },
    async insert(table, rows) {
      if (rows.length === 0) return;
      const { columns, body } = encodeRows(rows);
      await request((id) => ({ kind: 'insert', id, table, columns, body }), [body.buffer]);
    },
    async query({ sql, params, schema }) {
      const rows = await request((id) => ({ kind: 'query', id, sql, params: params ?? {} }));
      return rows.map((row) => schema.parse(row));
    },
    // eslint-disable-next-line require-yield -- refuses before its first chunk
    async *queryBytes() {
      throw unsupported('stream query results');
    },
    async command() {
      throw unsupported('run commands');
    },
    async close() {
      for (const pending of waiting.values()) pending.reject(new Error('the analytics engine was closed on this thread'));
      waiting.clear();
    },
  };
}
