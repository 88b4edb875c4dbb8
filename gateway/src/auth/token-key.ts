import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The wire shows API keys with this prefix; stores keep them without it. */
export const TOKEN_KEY_PREFIX = 'sk-';
export const TOKEN_KEY_LENGTH = 48;

/** `length` alphanumerics from the CSPRNG, each character uniform (randomInt has no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A new API key, without the `sk-` prefix. */
export function generateTokenKey(): string {
  return randomAlphanumeric(TOKEN_KEY_LENGTH);
}

/** The stored form of a key a client sent, with or without `sk-`. */
export function stripKeyPrefix(key: string): string {
  return key.startsWith(TOKEN_KEY_PREFIX) ? key.slice(TOKEN_KEY_PREFIX.length) : key;
}

/**
 * A key as lists show it, new-api's MaskTokenKey: the first and last four characters around ten
 * asterisks (two and two around four for a key of 5 to 8, all asterisks up to 4). The whole key
 * goes out only through POST /api/token/:id/key.
 */
export function maskTokenKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length);
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`;
  return `${key.slice(0, 4)}**********${key.slice(-4)}`;
}
