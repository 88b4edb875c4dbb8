import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runSessionStoreContract } from '../../../ports/hot-state/session-store.contract.js';
import { createSqliteSessionStore } from './sqlite-session-store.js';

const dir = mkdtempSync(join(tmpdir(), 'tollgate-sessions-'));
const path = join(dir, 'documents.db');
const stores = [createSqliteSessionStore({ path }), createSqliteSessionStore({ path })];
afterAll(() => {
  for (const store of stores) store.close();
  rmSync(dir, { recursive: true, force: true });
});

// Two gateways' connections to one file.
runSessionStoreContract('sqlite', () => stores);
