/** Pushes a named payload to every console a user has open, on whichever gateway it is connected. */
export interface LiveFanout {
  toUser(userId: number, event: string, payload: unknown): void;
  toAdmins(event: string, payload: unknown): void;
}
