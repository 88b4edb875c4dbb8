/** The download formats of the finance export. */
export const exportFormats = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof exportFormats)[number];

type Cell = string | number | boolean;

/** A column of an export: its header (also the JSON key) and how a row fills it. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => Cell;
}

/** Lets Excel read the UTF-8 (Chinese log content) instead of guessing a local code page. */
const byteOrderMark = '\uFEFF';
const lineEnd = '\r\n';

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break, inner quotes doubled.
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: token names and model names are user-chosen, and finance opens these files in Excel.
 * Numbers are written as they are, so a negative quota stays a number.
 */
export function csvField(value: Cell): string {
  if (typeof value !== 'string') {
    return String(value);
  }
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

function csvLine(cells: Cell[]): string {
  return cells.map(csvField).join(',') + lineEnd;
}

/**
 * Encodes pages of rows as CSV (a header line first) or JSON lines, one chunk per page, pulling the
 * next page only when the previous chunk has been taken (the response's back-pressure).
 */
export async function* encodeExport<Row>(format: ExportFormat, columns: ExportColumn<Row>[], pages: AsyncIterable<Row[]>): AsyncGenerator<string> {
  if (format === 'csv') {
    yield byteOrderMark + csvLine(columns.map((column) => column.header));
  }
  for await (const page of pages) {
    yield page
      .map((row) => {
        const cells = columns.map((column) => column.value(row));
        if (format === 'csv') {
          return csvLine(cells);
        }
        return `${JSON.stringify(Object.fromEntries(columns.map((column, index) => [column.header, cells[index]])))}\n`;
      })
      .join('');
  }
}

/** The response headers of a download named `baseName` in `format`. */
export function exportHeaders(format: ExportFormat, baseName: string): Record<string, string> {
  return {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'content-disposition': `attachment; filename="${baseName}.${format}"`,
    // Rows are sent as they are read; a proxy that buffered the whole body would undo that.
    'x-accel-buffering': 'no',
  };
}
