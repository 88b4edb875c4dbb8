/**
 * Short-lived secrets: mailed to a user (an email verification code, a password reset token), or an
 * OAuth state handed to the browser and checked when the provider sends it back.
 * Shared by every gateway: the mail may be asked of one gateway and the code typed into another.
 */
export interface OneTimeCodes {
  /** Remembers `code` for `key` (an email address) under `purpose` for `ttlMs`; replaces an earlier one. */
  issue(purpose: string, key: string, code: string, ttlMs: number): Promise<void>;
  /**
   * True exactly once for the code last issued, and only before it expires; the code is used up
   * then. A wrong code is refused and leaves the right one usable.
   */
  redeem(purpose: string, key: string, code: string): Promise<boolean>;
}

/** What each code is for, so a verification code cannot reset a password. */
export const CodePurpose = { EmailVerification: 'v', PasswordReset: 'r', OAuthState: 'o', TwoFactorSignIn: 't' } as const;
