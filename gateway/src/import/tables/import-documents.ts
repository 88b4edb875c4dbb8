import type { LedgerEvent } from '@tollgate/wire';
import type { z } from 'zod';
import { ALREADY_IN_TOLLGATE } from './conflicts.js';
import { BATCH_SIZE, type ImportContext } from '../import-context.js';

/** A document to bring over, or why not. */
export type Mapped<Doc> = { doc: Doc; openings: LedgerEvent[] } | { skip: string };

/** How one source table becomes one kind of Tollgate document. */
export interface DocumentImport<Row, Doc extends { id: number }> {
  table: string;
  /** The report's name for it. */
  kind: string;
  row: z.ZodType<Row, unknown>;
  map(row: Row, context: ImportContext): Mapped<Doc>;
  /** Why the document cannot be written (its id or a unique key already in Tollgate), or null. */
  conflict(doc: Doc): Promise<string | null>;
  /** Writes the document unless it exists; true when it did. */
  write(doc: Doc): Promise<boolean>;
  /** Told of each document this run brought (written, or on a dry run would write), for what derives from them. */
  brought?(doc: Doc): void;
}

/**
 * Brings one table over page by page: documents already in Tollgate are skipped (so a second run
 * changes nothing); for the rest, the opening balances are appended first, then the documents
 * written, so a run cut between the two is finished by the next one.
 */
export async function importDocuments<Row, Doc extends { id: number }>(context: ImportContext, spec: DocumentImport<Row, Doc>): Promise<void> {
  const { source, report } = context;
  if (!(await source.hasTable(spec.table))) return report.note(`no ${spec.table} table in the source (an older one-api): nothing to import`);
  const total = await source.count(spec.table);
  let done = 0;
  for await (const rows of source.batches(spec.table, BATCH_SIZE)) {
    const fresh: Doc[] = [];
    const openings: LedgerEvent[] = [];
    for (const raw of rows) {
      const mapped = spec.map(spec.row.parse(raw), context);
      const conflict = 'skip' in mapped ? mapped.skip : await spec.conflict(mapped.doc);
      if (conflict !== null) {
        report.skip(spec.kind, String(raw.id), conflict);
      } else if ('doc' in mapped) {
        fresh.push(mapped.doc);
        openings.push(...mapped.openings);
      }
    }
    if (context.dryRun) fresh.forEach((doc) => spec.brought?.(doc));
    report.add(spec.kind, context.dryRun ? fresh.length : await writeAll(context, spec, fresh, openings));
    context.onProgress(spec.table, (done += rows.length), total);
  }
}

/** Returns how many documents were written; one whose id was taken meanwhile is reported. */
async function writeAll<Row, Doc extends { id: number }>(context: ImportContext, spec: DocumentImport<Row, Doc>, docs: Doc[], openings: LedgerEvent[]): Promise<number> {
  if (openings.length > 0) await context.targets.eventLog.append(openings);
  let written = 0;
  for (const doc of docs) {
    if (await spec.write(doc)) {
      written++;
      spec.brought?.(doc);
    } else context.report.skip(spec.kind, doc.id, ALREADY_IN_TOLLGATE);
  }
  return written;
}
