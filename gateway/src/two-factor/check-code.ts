import { ApiFailure } from '../http/errors.js';
import type { TwoFactor, TwoFactorStore } from '../ports/documents/two-factor-store.js';
import { matchingBackupHash } from './backup-codes.js';
import { matchingStep } from './totp.js';

/** new-api's limits: five code attempts in a row lock two-factor checks for five minutes. */
export const ATTEMPT_LIMIT = { maxAttempts: 5, lockMs: 300_000 };
export const WRONG_CODE = '验证码或备用码错误，请重试';

/** new-api's lockout text, with the time the lock ends (`2006-01-02 15:04:05`, server time). */
export function lockedMessage(untilMs: number): string {
  const at = new Date(untilMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  return `账户已被锁定，请在${text}后重试`;
}

/** What a check accepts: the app's code only (enable, new recovery codes), or a recovery code too. */
export type Accepting = 'totp' | 'totp-or-backup';

async function acceptsTotp(store: TwoFactorStore, setting: TwoFactor, code: string, now: number): Promise<boolean> {
  const step = matchingStep(setting.secret, code, now);
  return step !== null && (await store.claimStep(setting.userId, step));
}

async function acceptsBackup(store: TwoFactorStore, userId: number, code: string): Promise<boolean> {
  const hash = await matchingBackupHash(code, await store.unusedBackupCodeHashes(userId));
  return hash !== null && (await store.useBackupCode(userId, hash));
}

/**
 * Checks a code against the user's setting, counting the attempt first so that concurrent
 * guesses cannot pass the lockout; each accepted code is used up (a TOTP step, a recovery code).
 * Throws the lockout or wrong-code message.
 */
export async function checkCode(store: TwoFactorStore, setting: TwoFactor, code: string, accepting: Accepting, now = Date.now()): Promise<void> {
  const lockedUntil = await store.takeAttempt(setting.userId, now, ATTEMPT_LIMIT);
  if (lockedUntil !== null) throw new ApiFailure(lockedMessage(lockedUntil));
  const accepted = (await acceptsTotp(store, setting, code, now)) || (accepting === 'totp-or-backup' && (await acceptsBackup(store, setting.userId, code)));
  if (!accepted) throw new ApiFailure(WRONG_CODE);
  await store.clearAttempts(setting.userId);
}
