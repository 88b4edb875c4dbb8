/** How many ids of one skip reason the report names; the rest are counted. */
const IDS_SHOWN = 10;

interface Skips {
  count: number;
  ids: string[];
}

/** What an import brought over, what it left and why: printed at the end, the same on a dry run. */
export class ImportReport {
  private readonly imported = new Map<string, number>();
  private readonly skipped = new Map<string, Map<string, Skips>>();
  private readonly notes: string[] = [];

  constructor(readonly dryRun: boolean) {}

  add(kind: string, count = 1): void {
    this.imported.set(kind, (this.imported.get(kind) ?? 0) + count);
  }

  skip(kind: string, id: string | number, reason: string, count = 1): void {
    const reasons = this.skipped.get(kind) ?? new Map<string, Skips>();
    const skips = reasons.get(reason) ?? { count: 0, ids: [] };
    skips.count += count;
    if (id !== '' && skips.ids.length < IDS_SHOWN) skips.ids.push(String(id));
    reasons.set(reason, skips);
    this.skipped.set(kind, reasons);
  }

  /** Rows skipped in bulk (log rows): counted, not named. */
  skipMany(kind: string, reason: string, count: number): void {
    if (count > 0) this.skip(kind, '', reason, count);
  }

  note(line: string): void {
    this.notes.push(line);
  }

  /** The counts, for the audit trail's record of the run (ids and notes left to the printed report). */
  summary(): { imported: Record<string, number>; skipped: Record<string, number> } {
    const skipped = Object.fromEntries([...this.skipped.keys()].map((kind) => [kind, this.skippedCount(kind)]));
    return { imported: Object.fromEntries(this.imported), skipped };
  }

  importedCount(kind: string): number {
    return this.imported.get(kind) ?? 0;
  }

  skippedCount(kind: string): number {
    return [...(this.skipped.get(kind)?.values() ?? [])].reduce((sum, skips) => sum + skips.count, 0);
  }

  toText(): string {
    const verb = this.dryRun ? 'would import' : 'imported';
    const lines = [this.dryRun ? 'Dry run: nothing was written.' : 'Import finished.'];
    for (const [kind, count] of this.imported) lines.push(`  ${kind}: ${verb} ${count}`);
    for (const [kind, reasons] of this.skipped) {
      for (const [reason, { count, ids }] of reasons) {
        const more = count > ids.length ? ` and ${count - ids.length} more` : '';
        lines.push(`  ${kind}: skipped ${count} (${reason})${ids.length > 0 ? `: ${ids.join(', ')}${more}` : ''}`);
      }
    }
    return [...lines, ...this.notes.map((note) => `  note: ${note}`)].join('\n');
  }
}
