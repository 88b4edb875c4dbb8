import { randomInt } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/password.js';

/** new-api's recovery codes: four of `XXXX-XXXX`, capitals and digits. */
const COUNT = 4;
const HALF = 4;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function half(): string {
  let out = '';
  for (let i = 0; i < HALF; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Fresh recovery codes, shown to the user once. */
export function newBackupCodes(): string[] {
  return Array.from({ length: COUNT }, () => `${half()}-${half()}`);
}

/** The stored form of what a user types: dashes and spaces dropped, capitals; null when it cannot be a code. */
export function normalizeBackupCode(code: string): string | null {
  const clean = code.replace(/[-\s]/g, '').toUpperCase();
  return /^[A-Z0-9]{8}$/.test(clean) ? clean : null;
}

/**
 * Hashed with the password hasher (argon2id, salted): a code has only about 41 bits, which a
 * fast hash of a leaked table would give up to brute force; argon2 costs tens of milliseconds a
 * code, paid only when a recovery code is tried, and the per-account lockout caps those tries.
 */
export function hashBackupCodes(codes: string[]): Promise<string[]> {
  return Promise.all(codes.map((code) => hashPassword(normalizeBackupCode(code) ?? code)));
}

/** The stored hash `code` matches, or null. */
export async function matchingBackupHash(code: string, hashes: string[]): Promise<string | null> {
  const normalized = normalizeBackupCode(code);
  if (!normalized) return null;
  for (const hash of hashes) if (await verifyPassword(normalized, hash)) return hash;
  return null;
}
