import type { ChannelStore } from './channel-store.js';
import type { OptionStore } from './option-store.js';
import type { RedemptionStore } from './redemption-store.js';
import type { TokenStore } from './token-store.js';
import type { TopUpStore } from './top-up-store.js';
import type { SubscriptionStore } from './subscription-store.js';
import type { UserStore } from './user-store.js';
import type { TaskStore } from './task-store.js';
import type { TwoFactorStore } from './two-factor-store.js';
import type { AuditTrail } from './audit-trail.js';

/** Every document store on one database (SQLite file or MongoDB), closed together. */
export interface Documents {
  users: UserStore;
  tokens: TokenStore;
  channels: ChannelStore;
  options: OptionStore;
  redemptions: RedemptionStore;
  topUps: TopUpStore;
  /** Plans and user subscriptions (issue #41). */
  subscriptions: SubscriptionStore;
  tasks: TaskStore;
  twoFactor: TwoFactorStore;
  /** Every admin and root write, with its actor, address, before and after. */
  auditTrail: AuditTrail;
  close(): Promise<void> | void;
}
