/** Pushes a named payload to every console a user has open, on whichever gateway it is connected. */
export interface LiveFanout {
  toUser(userId: number, event: string, payload: unknown): void;
  toAdmins(event: string, payload: unknown): void;
  /**
   * Whether a push to this user would reach an open console; true wherever that cannot be known
   * here (rooms that span gateways). A pusher asks first to skip building a payload nobody gets.
   */
  reachesUser(userId: number): boolean;
  /** The same for the admins' consoles. */
  reachesAdmins(): boolean;
}
