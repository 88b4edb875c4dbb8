import type { LivePushes } from '@tollgate/wire';

/** Pushes a named payload (one of @tollgate/wire's `livePushSchemas`, the shape the console parses) to every console a user has open, on whichever gateway it is connected. */
export interface LiveFanout {
  toUser<Name extends keyof LivePushes>(userId: number, event: Name, payload: LivePushes[Name]): void;
  toAdmins<Name extends keyof LivePushes>(event: Name, payload: LivePushes[Name]): void;
  /**
   * Whether a push to this user would reach an open console; true wherever that cannot be known
   * here (rooms that span gateways). A pusher asks first to skip building a payload nobody gets.
   */
  reachesUser(userId: number): boolean;
  /** The same for the admins' consoles. */
  reachesAdmins(): boolean;
  /** Pushes to the admins' consoles that follow the log live (the log page, the operations tail). */
  toAdminTail<Name extends keyof LivePushes>(event: Name, payload: LivePushes[Name]): void;
  reachesAdminTail(): boolean;
}
