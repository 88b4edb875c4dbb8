import { type StatementLine, statementLineColumns } from '@tollgate/analytics';
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { encodeExport, type ExportColumn } from '../http/tabular-export.js';

/** The download formats of a statement. */
export const statementFormats = ['csv', 'jsonl', 'xlsx', 'parquet'] as const;
export type StatementFormat = (typeof statementFormats)[number];

const columns: ExportColumn<StatementLine>[] = statementLineColumns.map((header) => ({
  header,
  value: (line) => line[header as keyof StatementLine] ?? '',
}));

const contentTypes: Record<StatementFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  parquet: 'application/vnd.apache.parquet',
};

export function statementHeaders(format: StatementFormat, baseName: string): Record<string, string> {
  return {
    'content-type': contentTypes[format],
    'content-disposition': `attachment; filename="${baseName}.${format}"`,
    // Lines are sent as they are made; a proxy that buffered the whole body would undo that.
    'x-accel-buffering': 'no',
  };
}

/** JSON lines keep a null as null (CSV writes it empty); a line's keys are already in column order. */
async function* jsonLines(pages: AsyncIterable<StatementLine[]>): AsyncGenerator<string> {
  for await (const page of pages) yield page.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** Waits until `stream` wants more, so a slow reader slows the pages down instead of filling memory. */
async function whenDrained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    stream.once('drain', resolve);
    stream.once('close', () => reject(new Error('the reader went away')));
  });
}

/**
 * XLSX through exceljs' streaming writer: each row is committed (zipped out) as it is added, so the
 * sheet never sits in memory; no shared strings table, which would hold every distinct text.
 */
function xlsxStream(pages: AsyncIterable<StatementLine[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('statement');
  sheet.columns = statementLineColumns.map((header) => ({ header, key: header }));
  void (async () => {
    for await (const page of pages) {
      for (const line of page) sheet.addRow(line).commit();
      await whenDrained(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/** The body of a statement download in `format`; Parquet is written by ClickHouse (`toParquet`). */
export function encodeStatement(format: StatementFormat, pages: AsyncIterable<StatementLine[]>, toParquet: (pages: AsyncIterable<StatementLine[]>) => AsyncIterable<Uint8Array>): Readable {
  switch (format) {
    case 'csv':
      return Readable.from(encodeExport(format, columns, pages));
    case 'jsonl':
      return Readable.from(jsonLines(pages));
    case 'xlsx':
      return xlsxStream(pages);
    case 'parquet':
      return Readable.from(toParquet(pages));
  }
}
