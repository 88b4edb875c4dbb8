import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { scryptHash } from '../../test/support/inputs/scrypt-hash.js';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

describe('password', () => {
  it('hashes with argon2id and verifies the password it hashed and nothing else', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('still verifies a hash of the scrypt builds, and asks for it to be replaced', async () => {
    const legacy = scryptHash('old password');
    expect(await verifyPassword('old password', legacy)).toBe(true);
    expect(await verifyPassword('old passwore', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('verifies the bcrypt hash of a user imported from new-api ($2a$, $2b$, $2y$), and asks for it to be replaced', async () => {
    const imported = bcrypt.hashSync('new-api password', 4);
    for (const variant of ['$2a$', '$2b$', '$2y$']) {
      const hash = variant + imported.slice(4);
      expect(await verifyPassword('new-api password', hash)).toBe(true);
      expect(await verifyPassword('new-api passwore', hash)).toBe(false);
      expect(needsRehash(hash)).toBe(true);
    }
  });

  it('never matches a truncated bcrypt hash', async () => {
    expect(await verifyPassword('x', bcrypt.hashSync('x', 4).slice(0, 40))).toBe(false);
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', '$argon2id$v=19$garbage')).toBe(false);
  });
});
