import { scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/**
 * Passwords are hashed with argon2id (OWASP's first choice; @node-rs/argon2 ships it prebuilt).
 * Hashes written by earlier builds with scrypt, and the bcrypt hashes of users imported from
 * new-api or one-api, still verify, and `needsRehash` tells the login to replace them.
 */
const ARGON2_PREFIX = '$argon2id$';
const SCRYPT_KEY_LENGTH = 64;
/** Go's bcrypt writes $2a$; PHP's and OpenBSD's $2y$ and $2b$ are the same algorithm. */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password);
}

/** True when `password` matches `stored`; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2_PREFIX)) return argon2Verify(stored, password).catch(() => false);
  if (BCRYPT_HASH.test(stored)) return bcrypt.compare(password, stored);
  return verifyScrypt(password, stored);
}

/** A hash in an older scheme, to be replaced while the plain password is at hand. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

function deriveScrypt(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT_KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The earlier format: `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (!N || !r || !p || expected.length !== SCRYPT_KEY_LENGTH) return false;
  const actual = await deriveScrypt(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}
