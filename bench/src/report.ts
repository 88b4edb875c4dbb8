/** One line of the result table: a figure on both sides, what Tollgate adds, and the target. */
export interface Row {
  measure: string;
  direct: string;
  tollgate: string;
  /** Tollgate minus direct, or Tollgate over direct for a rate. */
  added: string;
  target: string;
  /** Whether the target is met; undefined where the row has no target. */
  met?: boolean;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(3)} ms` : 'n/a');
export const mb = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} MB` : 'n/a');
export const rate = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} req/s` : 'n/a');

function verdict(met: boolean | undefined): string {
  if (met === undefined) return '';
  return met ? 'met' : '**missed**';
}

/** A markdown table of rows under a heading, ready to paste into docs/benchmarks.md. */
export function markdownTable(title: string, rows: readonly Row[]): string {
  const header = ['| measure | direct | tollgate | added | target | |', '|---|---|---|---|---|---|'];
  const lines = rows.map((r) => `| ${r.measure} | ${r.direct} | ${r.tollgate} | ${r.added} | ${r.target} | ${verdict(r.met)} |`);
  return [`### ${title}`, '', ...header, ...lines, ''].join('\n');
}
