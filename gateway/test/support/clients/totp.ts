import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** The code an authenticator app shows for `secret`, `offsetSteps` time steps from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * PERIOD_MS });
}

/** Six digits that are no code of `secret` within a step of now. */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => totpCode(secret, offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/**
 * Waits, if need be, until at least `seconds` are left in the current time step, so a test that
 * uses the codes of the steps before, at and after now sees the server in this same step.
 */
export async function roomInStep(seconds = 12): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
