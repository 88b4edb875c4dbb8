/** An inclusive range of HTTP status codes. */
export interface StatusRange {
  start: number;
  end: number;
}

export type ParsedRanges = { ok: true; ranges: StatusRange[] } | { ok: false; invalid: string[] };

function parseToken(token: string): StatusRange | null {
  const match = /^(\d{3})(?:-(\d{3}))?$/.exec(token.replace(/\s+/g, ''));
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2] ?? match[1]);
  return start >= 100 && end <= 599 && start <= end ? { start, end } : null;
}

/**
 * new-api's status code rules: codes and ranges separated by commas (a full-width comma too),
 * e.g. "401,403,500-503". Sorted and merged; an invalid token is named, not skipped.
 */
export function parseStatusRanges(text: string): ParsedRanges {
  const tokens = text.replace(/，/g, ',').split(',').map((t) => t.trim()).filter(Boolean);
  const invalid = tokens.filter((t) => parseToken(t) === null);
  if (invalid.length > 0) return { ok: false, invalid };
  const sorted = tokens.map((t) => parseToken(t) as StatusRange).sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: StatusRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return { ok: true, ranges: merged };
}

/** The ranges as new-api writes them back ("401,500-503"). */
export function formatStatusRanges(ranges: StatusRange[]): string {
  return ranges.map((r) => (r.start === r.end ? `${r.start}` : `${r.start}-${r.end}`)).join(',');
}

export function inRanges(ranges: readonly StatusRange[], status: number): boolean {
  return ranges.some((r) => status >= r.start && status <= r.end);
}

/** The rule text's ranges; text that no longer parses (checked on save) matches nothing. */
export function rangesOf(text: string): StatusRange[] {
  const parsed = parseStatusRanges(text);
  return parsed.ok ? parsed.ranges : [];
}
