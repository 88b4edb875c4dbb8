import { describe, expect, it, onTestFinished } from 'vitest';
import { openTempDocuments } from '../adapters/sqlite/test-documents.js';
import { verifyPassword } from '../auth/password.js';
import { ensureRootUser } from './root-user.js';

describe('ensureRootUser', () => {
  it('creates root once, with the initial password, as super administrator', async () => {
    const temp = openTempDocuments();
    onTestFinished(temp.close);
    const root = await ensureRootUser(temp.documents.users, 's3cret-pass');
    expect(root).toMatchObject({ username: 'root', role: 100, status: 1, group: 'default' });
    expect(await verifyPassword('s3cret-pass', root?.passwordHash ?? '')).toBe(true);
    expect(await ensureRootUser(temp.documents.users, 'other')).toBeNull();
    expect(await temp.documents.users.count()).toBe(1);
  });
});
