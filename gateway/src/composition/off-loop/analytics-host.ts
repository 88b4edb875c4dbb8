import type { AnalyticsQuerier, EncodedInserter } from '@tollgate/analytics';
import { z } from 'zod';
import type { AnalyticsRequest, Answer } from './messages.js';

/** The relay's thread's side of the ingestion's analytics requests (relayed-querier.ts is the thread's). */
export interface AnalyticsHost {
  /** Runs a request from the thread and sends its answer with `reply`, success or failure. */
  handle(request: AnalyticsRequest, reply: (answer: Answer) => void): void;
}

const anyRow = z.unknown();

/**
 * Runs the ingestion thread's inserts and queries on the analytics engine this thread owns. The
 * inserts run in chdb's own threads; this thread only hands the ready body over.
 *
 * One rule beyond the loop's: a query waits for every insert that started before it. A thread that
 * crashed with an insert in flight here is started again and re-reads its uncommitted batch,
 * marked may-repeat; its dedupe query must see that insert's rows, or the copy goes into `logs`
 * and the rollups count it twice. On the loop this cannot happen: a crash ends the insert with the process.
 * One host serves every thread the supervisor starts, so the rule spans them.
 */
export function createAnalyticsHost(querier: AnalyticsQuerier & EncodedInserter): AnalyticsHost {
  const inserting = new Set<Promise<unknown>>();
  const insert = (table: string, columns: string[], body: Uint8Array<ArrayBuffer>) => {
    const work = querier.insertEncoded(table, { columns, body });
    const settled: Promise<void> = work.then(
      () => void inserting.delete(settled),
      () => void inserting.delete(settled),
    );
    inserting.add(settled);
    return work;
  };
  const query = async (sql: string, params: Record<string, string | number | boolean>) => {
    await Promise.all([...inserting]); // never rejects: `settled` above
    return querier.query({ sql, params, schema: anyRow });
  };
  return {
    handle(request, reply) {
      const work = request.kind === 'insert' ? insert(request.table, request.columns, request.body).then(() => undefined) : query(request.sql, request.params);
      work.then(
        (rows) => reply({ kind: 'answer', id: request.id, ...(rows ? { rows } : {}) }),
        (error: unknown) => reply({ kind: 'refused', id: request.id, message: error instanceof Error ? error.message : String(error) }),
      );
    },
  };
}
