import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteDocuments, type SqliteDocuments } from './index.js';

/** Fresh documents in a temporary file, and how to remove them (for the contract suites and route tests). */
export function openTempDocuments(): { documents: SqliteDocuments; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tollgate-docs-'));
  const documents = createSqliteDocuments({ path: join(dir, 'documents.db') });
  return {
    documents,
    close() {
      documents.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
