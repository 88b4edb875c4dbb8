/** A user's TOTP setting: pending between setup and enable, then enabled until disabled. */
export interface TwoFactor {
  userId: number;
  /** The base32 TOTP secret: answered once by setup, never again, never logged. */
  secret: string;
  enabled: boolean;
  /** Code attempts since the last success; the lockout counts them. */
  failedAttempts: number;
  /** Epoch ms until which no code is checked, or null. */
  lockedUntil: number | null;
  /** Recovery codes not used yet (hashes only; the codes themselves were shown once). */
  backupCodesRemaining: number;
}

/** How many code attempts in a row lock the account, and for how long. */
export interface AttemptLimit {
  maxAttempts: number;
  lockMs: number;
}

/**
 * Two-factor settings per user, in the documents store. Every check that must hold once (a time
 * step, a recovery code, an attempt under the lockout) is one atomic write, so concurrent calls on
 * any number of gateways cannot both pass.
 */
export interface TwoFactorStore {
  byUserId(userId: number): Promise<TwoFactor | null>;
  /**
   * Starts a setup: stores `secret` and the recovery code hashes as pending, replacing an earlier
   * pending setup. False (nothing changed) when the user has two-factor enabled.
   */
  beginSetup(userId: number, secret: string, backupCodeHashes: string[]): Promise<boolean>;
  /** Turns a pending setup on; false when there is none. */
  enable(userId: number): Promise<boolean>;
  /** Removes the setting and its recovery codes; false when there was none. */
  remove(userId: number): Promise<boolean>;
  /** Replaces the recovery codes of an enabled setting; false when it is not enabled. */
  replaceBackupCodes(userId: number, backupCodeHashes: string[]): Promise<boolean>;
  /** The hashes of the unused recovery codes (to check a presented code against). */
  unusedBackupCodeHashes(userId: number): Promise<string[]>;
  /** Marks one unused recovery code used: true exactly once per code. */
  useBackupCode(userId: number, hash: string): Promise<boolean>;
  /**
   * Records that the code of TOTP time step `step` was accepted: true only when no code of this or
   * a later step was accepted before for this setup (RFC 6238 section 5.2: a code works once).
   */
  claimStep(userId: number, step: number): Promise<boolean>;
  /**
   * Counts one code attempt at `now` unless the account is locked: null when the attempt may be
   * checked, else the epoch ms the lock lasts until. The `maxAttempts`-th attempt in a row without
   * `clearAttempts` locks the account for `lockMs`; once that lock ends, counting starts afresh.
   */
  takeAttempt(userId: number, now: number, limit: AttemptLimit): Promise<number | null>;
  /** A code was right: the attempt count and any lock are cleared. */
  clearAttempts(userId: number): Promise<void>;
  /** Users with two-factor enabled (the admin statistics). */
  countEnabled(): Promise<number>;
}
