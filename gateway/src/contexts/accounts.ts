import type { Mailer } from '../ports/mailer.js';
import type { TokenStore } from '../ports/documents/token-store.js';
import type { TwoFactorStore } from '../ports/documents/two-factor-store.js';
import type { UserStore } from '../ports/documents/user-store.js';
import type { OneTimeCodes } from '../ports/hot-state/one-time-codes.js';
import type { SessionStore } from '../ports/hot-state/session-store.js';
import type { CoreContext } from './core.js';

/** The people and what they sign in with: accounts, their API keys, sessions, second factor, codes and mail. */
export interface AccountsContext extends CoreContext {
  users: UserStore;
  /** API keys (new-api's tokens): a user's, so they live with the accounts. */
  tokens: TokenStore;
  /** Console sessions, kept on the server so they can be ended (sign-out, password change, an administrator). */
  sessions: SessionStore;
  /** TOTP secrets and hashed recovery codes (two-factor sign-in). */
  twoFactor: TwoFactorStore;
  /** Email verification codes, password reset tokens, OAuth states (shared by every gateway in cluster mode). */
  codes: OneTimeCodes;
  /** Account mails over the SMTP server the options name. */
  mailer: Mailer;
}
