import { randomBytes, scryptSync } from 'node:crypto';

/** A password hash as the scrypt builds wrote it (`scrypt$N$r$p$salt$hash`), to test their migration. */
export function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}
