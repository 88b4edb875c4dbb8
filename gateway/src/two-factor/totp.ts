import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps expect it (and new-api issues it): SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side, for clocks a little apart (new-api's `totp.Validate` allows the same). */
const WINDOW = 1;
const SECRET_BYTES = 20;

function totpOf(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new random secret, base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/...` URL an app scans or imports (the QR code's content). */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}

/** The time step `timestampMs` falls in. */
export function stepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / PERIOD_SECONDS);
}

/** True for six digits (spaces ignored), the only shape a TOTP code has. */
export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/ /g, ''));
}

/** The time step whose code `code` is, within one step of `nowMs`; null when it is none of them. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const token = code.replace(/ /g, '');
  if (!looksLikeTotp(token)) return null;
  const delta = totpOf(secret).validate({ token, timestamp: nowMs, window: WINDOW });
  return delta === null ? null : stepAt(nowMs) + delta;
}
