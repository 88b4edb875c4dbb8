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
