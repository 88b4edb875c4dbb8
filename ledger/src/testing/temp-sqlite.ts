import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A database file in a fresh temp directory, removed when the current test ends. */
export function tempSqlitePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-ledger-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'ledger.db');
}
